import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { Resource } from '@opsuite/shared/rules/permissions';
import { can, isOwnerType, landingPath } from '@opsuite/shared/rules/permissions';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { clearSession, useSession } from './auth-store';

/** Signed-out users go to /login; user types without a web landing are signed out. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const noAccess = session !== null && landingPath(session.userData.userType) === '/login';
  useEffect(() => {
    if (noAccess) clearSession();
  }, [noAccess]);
  if (!session || noAccess) {
    return <Navigate to="/login" replace state={{ from: location.pathname, noAccess }} />;
  }
  return <Outlet />;
}

/** The sign-in screens send a signed-in user to their landing page instead. */
export function PublicOnly() {
  const session = useSession();
  if (session) {
    const target = landingPath(session.userData.userType);
    if (target !== '/login') return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** `/` is the admin landing; a client's landing is /access-control. */
export function AdminLanding({ children }: { children: ReactNode }) {
  const session = useSession();
  const target = session ? landingPath(session.userData.userType) : '/login';
  if (target !== '/') return <Navigate to={target} replace />;
  return children;
}

export function Forbidden() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconLock size={48} stroke={1.4} color="var(--mantine-color-dimmed)" />
        <Title order={2}>No access</Title>
        <Text c="dimmed">
          You do not have access to this page. Ask an admin of your organisation for access.
        </Text>
        <Button component={Link} to="/" variant="light">
          Back to home
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * Renders the page only when the role may read the resource (and, optionally, is an admin or the
 * primary account holder: the owner has every admin permission).
 */
export function RequireAbility({
  resource,
  adminOnly = false,
  children,
}: {
  resource: Resource;
  adminOnly?: boolean;
  children: ReactNode;
}) {
  const session = useSession();
  if (!session) return null;
  const allowed =
    can(session.userData.ability, 'read', resource) && (!adminOnly || isOwnerType(session.userData.userType));
  return allowed ? children : <Forbidden />;
}
