import { describe, expect, it } from 'vitest';
import { retriedTests } from './test-steps.mjs';

describe('browser tests that needed a retry', () => {
  it('are named with their file, line, suites and project', () => {
    const report = {
      suites: [
        {
          title: 'staff.spec.ts',
          file: 'staff.spec.ts',
          specs: [
            {
              title: 'clocks in',
              file: 'staff.spec.ts',
              line: 12,
              tests: [
                { projectName: 'desktop', status: 'flaky', results: [{}, {}] },
                { projectName: 'phone', status: 'expected', results: [{}] },
              ],
            },
          ],
          suites: [
            {
              title: 'schedule',
              file: 'staff.spec.ts',
              specs: [
                {
                  title: 'publishes',
                  file: 'staff.spec.ts',
                  line: 40,
                  tests: [{ projectName: 'phone', status: 'flaky', results: [{}, {}] }],
                },
                { title: 'fails', file: 'staff.spec.ts', line: 50, tests: [{ status: 'unexpected' }] },
              ],
            },
          ],
        },
      ],
    };
    expect(retriedTests(report)).toEqual([
      'staff.spec.ts:12 › clocks in (desktop, 2 tries)',
      'staff.spec.ts:40 › schedule › publishes (phone, 2 tries)',
    ]);
    expect(retriedTests({ suites: [] })).toEqual([]);
  });
});
