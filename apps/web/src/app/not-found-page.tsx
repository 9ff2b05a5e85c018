import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} fz={72} c="brand" lh={1}>
          404
        </Title>
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has been moved.</Text>
        <Button component={Link} to="/" mt="sm">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}
