import { Button, Group, Text } from '@mantine/core';

/** Previous and next page of a list the server answers a page at a time. */
export function Pager({
  page,
  hasMore,
  onChange,
}: {
  page: number;
  hasMore: boolean;
  onChange: (page: number) => void;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <Group justify="center" gap="xs">
      <Button size="compact-sm" variant="default" disabled={page === 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      <Text size="sm">Page {page}</Text>
      <Button size="compact-sm" variant="default" disabled={!hasMore} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
