// The templates of a new web feature: apps/web/src/features/<name>/.

/** @typedef {ReturnType<typeof import('./names.mjs').namesOf> & { resource: string }} Names */

/** @param {Names} n */
export function indexFile(n) {
  return `// ${n.label}: the organisation's ${n.lower}, listed, added, renamed and deleted.

export { ${n.camel}Feature } from './${n.kebab}.feature';
`;
}

/** @param {Names} n */
export function featureFile(n) {
  return `import { IconLayoutGrid } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// The ${n.lower} feature's pages and sidebar entries; app/router.tsx lists the features.

export const ${n.camel}Feature: Feature = {
  name: '${n.kebab}',
  routes: {
    signedIn: [
      pageRoute('/${n.kebab}', () => import('./${n.kebab}-page'), '${n.pascal}Page', {
        resource: '${n.resource}',
      }),
    ],
  },
  menu: [
    {
      order: 60,
      label: '${n.label}',
      path: '/${n.kebab}',
      icon: IconLayoutGrid,
      resource: '${n.resource}',
      description: 'The organisation\\'s ${n.lower}.',
    },
  ],
}
`;
}

/** @param {Names} n */
export function apiFile(n) {
  const r = n.record;
  return `import type {
  ${r.pascal}Body,
  ${r.pascal}ListAnswer,
  ${r.pascal}MutationAnswer,
} from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { toast } from '../../app/toast';

export const ${r.camel}Keys = {
  list: (orgId: string | undefined) => ['${n.kebab}', orgId] as const,
}

export function use${n.pascal}() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: ${r.camel}Keys.list(orgId),
    queryFn: () => api.get<${r.pascal}ListAnswer>('/${n.kebab}'),
    enabled: Boolean(orgId),
    select: (answer) => answer.list,
  });
}

/** A write shows the server's message and reads the list again; a failure gets the app's error toast. */
function use${r.pascal}Write<V>(write: (variables: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: ${r.camel}Keys.list(orgId) });
    },
  });
}

export const useCreate${r.pascal} = () =>
  use${r.pascal}Write((body: ${r.pascal}Body) => api.post<${r.pascal}MutationAnswer>('/${n.kebab}', body));

export const useUpdate${r.pascal} = () =>
  use${r.pascal}Write(({ id, ...body }: ${r.pascal}Body & { id: string }) =>
    api.put<${r.pascal}MutationAnswer>(\`/${n.kebab}/\${id}\`, body),
  );

export const useDelete${r.pascal} = () =>
  use${r.pascal}Write((id: string) => api.delete<{ success: true; message: string }>(\`/${n.kebab}/\${id}\`));
`;
}

/** @param {Names} n */
export function formFile(n) {
  const r = n.record;
  return `import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { ${r.pascal}Answer } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { useCreate${r.pascal}, useUpdate${r.pascal} } from '../${n.kebab}.api';

export interface ${r.pascal}FormProps {
  /** The ${r.lower} to edit; null adds a new one. */
  record: ${r.pascal}Answer | null;
  onClose: () => void;
}

/** Adds or renames a ${r.lower}, in a dialog. */
export function ${r.pascal}Form({ record, onClose }: ${r.pascal}FormProps) {
  const create = useCreate${r.pascal}();
  const update = useUpdate${r.pascal}();
  const [name, setName] = useState(record?.name ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Name is required');
      return;
    }
    if (record) update.mutate({ id: record._id, name: trimmed }, { onSuccess: onClose });
    else create.mutate({ name: trimmed }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={record ? 'Edit ${r.lower}' : 'Add ${r.lower}'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={120}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
`;
}
