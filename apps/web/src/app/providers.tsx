import { DirectionProvider, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useSession } from './auth-store';
import { queryClient as defaultQueryClient } from './query-client';
import { readDirection, STORAGE_KEYS } from './storage';
import { themeFor, useThemeColorMeta } from './theme';
import { TOAST_AUTO_CLOSE_MS } from './toast';

const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.skin });

/** The organisation's theme colour becomes the primary colour as soon as the session changes. */
function ThemedMantine({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const themeColor = useSession()?.organization.themeColor;
  const theme = useMemo(() => themeFor(themeColor), [themeColor]);
  useThemeColorMeta(theme);
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}

export interface ProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function Providers({ children, queryClient = defaultQueryClient, env }: ProvidersProps) {
  const initialDirection = readDirection();
  useEffect(() => {
    document.documentElement.setAttribute('dir', initialDirection);
  }, [initialDirection]);
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider initialDirection={initialDirection} detectDirection={false}>
        <ThemedMantine env={env}>
          <ModalsProvider>
            <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} zIndex={1000} />
            {children}
          </ModalsProvider>
        </ThemedMantine>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
