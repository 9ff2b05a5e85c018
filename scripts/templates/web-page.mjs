// The templates of a new web feature's list page and its test: apps/web/src/features/<name>/.

/** @typedef {ReturnType<typeof import('./names.mjs').namesOf> & { resource: string }} Names */

/** @param {Names} n */
export function pageFile(n) {
  const r = n.record;
  return `import { ActionIcon, Alert, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ${r.pascal}Answer } from '@opsuite/shared';
import { can } from '@opsuite/shared/rules/permissions';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api-client';
import { useSession } from '../../app/auth-store';
import { useIsPhone } from '../../app/use-is-phone';
import { formatInstant, useOrganizationTimeZone } from '../../app/zone-time';
import { confirmAction } from '../../components/confirm';
import { PageToolbar } from '../../components/page-toolbar';
import { ${r.pascal}Form } from './components/${r.kebab}-form';
import { useDelete${r.pascal}, use${n.pascal} } from './${n.kebab}.api';

/** The organisation's ${n.lower}: search, add, rename and delete. */
export function ${n.pascal}Page() {
  const ability = useSession()?.userData.ability ?? [];
  const isPhone = useIsPhone();
  const timeZone = useOrganizationTimeZone();
  const records = use${n.pascal}();
  const remove = useDelete${r.pascal}();
  const [search, setSearch] = useState('');
  /** The form's subject while it is open: a ${r.lower}, or null for a new one. */
  const [editing, setEditing] = useState<{ record: ${r.pascal}Answer | null } | null>(null);
  const canWrite = can(ability, 'write', '${n.resource}');
  const canUpdate = can(ability, 'update', '${n.resource}');
  const canDelete = can(ability, 'delete', '${n.resource}');

  const needle = search.trim().toLowerCase();
  const shown = (records.data ?? []).filter((record) => record.name.toLowerCase().includes(needle));
  const add = () => setEditing({ record: null });
  const confirmDelete = (record: ${r.pascal}Answer) =>
    confirmAction({
      title: \`Delete \${record.name}?\`,
      message: 'This cannot be undone.',
      confirm: 'Delete',
      onConfirm: () => remove.mutate(record._id),
    });

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <PageToolbar
        title="${n.label}"
        search={{ value: search, onChange: setSearch, placeholder: 'Search ${n.lower}' }}
        primaryAction={
          canWrite && !isPhone ? { label: 'Add ${r.lower}', icon: <IconPlus size={18} />, onClick: add } : undefined
        }
        onAdd={canWrite && isPhone ? add : undefined}
        addLabel="Add ${r.lower}"
      />
      <Card padding={isPhone ? 'sm' : 'lg'} withBorder>
        {records.isPending && <Skeleton h={120} />}
        {records.isError && <Alert color="red">{errorMessage(records.error)}</Alert>}
        {records.data && shown.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {records.data.length === 0 ? 'No ${n.lower} yet' : 'No ${n.lower} match the search'}
          </Text>
        )}
        {shown.length > 0 && (
          <Table.ScrollContainer minWidth={isPhone ? 0 : 480}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Last changed</Table.Th>
                  <Table.Th w={1} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((record) => (
                  <Table.Tr key={record._id}>
                    <Table.Td>{record.name}</Table.Td>
                    <Table.Td>{formatInstant(record.updatedAt, timeZone)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {canUpdate && (
                          <ActionIcon
                            variant="subtle"
                            aria-label={\`Edit \${record.name}\`}
                            onClick={() => setEditing({ record })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        )}
                        {canDelete && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={\`Delete \${record.name}\`}
                            onClick={() => confirmDelete(record)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {editing && <${r.pascal}Form record={editing.record} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
`;
}

/** @param {Names} n */
export function pageTestFile(n) {
  const r = n.record;
  return `import { ${r.constant}_TEXT, type ${r.pascal}Answer } from '@opsuite/shared';
import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, makeLoginAnswer, renderApp } from '../../test-utils';

const RULES = [fullRule('${n.resource}')];
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let stored: ${r.pascal}Answer[] = [];

const ${r.camel} = (name: string): ${r.pascal}Answer => ({
  _id: \`0190a000-0000-7000-8000-\${String(stored.length + 10).padStart(12, '0')}\`,
  name,
  createdAt: '2026-03-02T09:30:00.000Z',
  updatedAt: '2026-03-02T09:30:00.000Z',
});

/** The server, in memory: the list and the create call; anything else answers the session. */
function serve(answer: ReturnType<typeof makeLoginAnswer>) {
  fetchMock.mockImplementation(async (url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/${n.kebab}' && method === 'GET') return jsonResponse({ list: stored });
    if (url === '/api/${n.kebab}' && method === 'POST') {
      const made = ${r.camel}(JSON.parse(String(init.body)).name);
      stored = [...stored, made];
      return jsonResponse({ success: true, message: ${r.constant}_TEXT.created, data: made });
    }
    return jsonResponse({ userData: answer.userData, organization: answer.organization });
  });
}

beforeEach(() => {
  stored = [];
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('${n.lower} page', { timeout: 20_000 }, () => {
  it('adds a ${r.lower} and shows it in the list', async () => {
    const answer = makeLoginAnswer({ ability: buildAbility(RULES), plan: { permissions: RULES } });
    storeSession(answer);
    serve(answer);
    renderApp('/${n.kebab}');
    const user = userEvent.setup();
    expect(await screen.findByText('No ${n.lower} yet', {}, { timeout: 5000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add ${r.lower}' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add ${r.lower}' });
    await user.type(within(dialog).getByLabelText('Name'), 'Spring special');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(${r.constant}_TEXT.created)).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Spring special' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/${n.kebab}', 'POST')[0]?.body).toEqual({ name: 'Spring special' });
  });

  it('is closed to a role that cannot read ${n.lower}', async () => {
    const answer = makeLoginAnswer({ ability: buildAbility([]), plan: { permissions: [] } });
    storeSession(answer);
    serve(answer);
    renderApp('/${n.kebab}');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/${n.kebab}')).toEqual([]);
  });
});
`;
}
