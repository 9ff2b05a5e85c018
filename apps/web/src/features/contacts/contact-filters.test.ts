import { describe, expect, it } from 'vitest';
import { activeFilterCount, compactQuery, EMPTY_FILTERS, filtersToQuery, listQuery } from './contact-filters';

const TAG_A = '0190a000-0000-7000-8000-00000000000a';
const TAG_B = '0190a000-0000-7000-8000-00000000000b';

describe('contacts filters → query', () => {
  it('asks for page 0 with 100 rows and no filters by default', () => {
    expect(compactQuery(listQuery(EMPTY_FILTERS))).toEqual({ page: 0, pageSize: 100 });
  });

  it('sends every filter under the names contact/get reads', () => {
    const query = listQuery(
      {
        ...EMPTY_FILTERS,
        search: '  ada ',
        ratingType: 2,
        status: 'former',
        paymentStatus: 'frozen',
        tags: [TAG_A, TAG_B],
        leadSources: [TAG_A],
        plan: ' Gold ',
        progressions: [TAG_B],
        contactType: TAG_A,
        stage: TAG_B,
        dataFlow: 'on',
      },
      { page: 3, pageSize: 50 },
      true,
    );
    expect(compactQuery(query)).toEqual({
      search: 'ada',
      ratingType: 2,
      status: 'former',
      paymentStatus: 'frozen',
      tags: `${TAG_A},${TAG_B}`,
      leadSources: TAG_A,
      plan: 'Gold',
      progressions: TAG_B,
      contactType: TAG_A,
      stage: TAG_B,
      dataFlow: 'on',
      page: 3,
      pageSize: 50,
    });
  });

  it('leaves the data-flow switch out unless the user may use it', () => {
    expect(filtersToQuery({ ...EMPTY_FILTERS, dataFlow: 'on' }, false).dataFlow).toBeUndefined();
    expect(filtersToQuery({ ...EMPTY_FILTERS, dataFlow: 'off' }, true).dataFlow).toBe('off');
  });

  it('the filtered total and export use the filters without paging or sort', () => {
    const query = compactQuery(filtersToQuery({ ...EMPTY_FILTERS, ratingType: 1, status: 'active' }, false));
    expect(query).toEqual({ status: 'active' });
  });

  it('counts the filters that are set, not the search text', () => {
    expect(activeFilterCount({ ...EMPTY_FILTERS, search: 'x' })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, tags: [TAG_A], ratingType: 1, plan: 'Gold' })).toBe(3);
  });
});
