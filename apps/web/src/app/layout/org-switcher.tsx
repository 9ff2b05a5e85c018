import { Select } from '@mantine/core';
import { landingPath } from '@opsuite/shared/rules/permissions';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchSession } from '../../features/auth';
import { NO_WEB_ACCESS_MESSAGE, storeSession, useSession } from '../auth-store';
import { toast } from '../toast';

/**
 * Switches the organisation the user acts in: the session for the chosen organisation is
 * fetched with its id in the `organization` header, stored, and every query reloads.
 */
export function OrgSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  if (!session || session.userData.organizations.length < 2) return null;

  const current = session.organization._id;
  const data = session.userData.organizations.map((org) => ({ value: org.organizationId, label: org.name }));

  const switchTo = async (organizationId: string | null) => {
    if (!organizationId || organizationId === current) return;
    setSwitching(true);
    try {
      const answer = await fetchSession(organizationId);
      const target = landingPath(answer.userData.userType);
      if (target === '/login') {
        toast.warning(NO_WEB_ACCESS_MESSAGE);
        return;
      }
      storeSession(answer);
      await queryClient.resetQueries();
      navigate(target);
      toast.success(`Switched to ${answer.organization.name}`);
    } catch (error) {
      toast.apiError(error);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Select
      aria-label="Organisation"
      data={data}
      value={current}
      onChange={switchTo}
      allowDeselect={false}
      disabled={switching}
      leftSection={<IconBuildingStore size={16} />}
      w={fullWidth ? '100%' : 220}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
