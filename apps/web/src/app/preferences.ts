import { useComputedColorScheme, useDirection, useMantineColorScheme } from '@mantine/core';
import { useCallback, useState } from 'react';
import { readMenuCollapsed, writeDirection, writeMenuCollapsed } from './storage';

/** Light/dark skin; MantineProvider keeps it under the `skin` storage key. */
export function useSkin() {
  const { setColorScheme } = useMantineColorScheme();
  const skin = useComputedColorScheme('light');
  const toggleSkin = useCallback(
    () => setColorScheme(skin === 'dark' ? 'light' : 'dark'),
    [skin, setColorScheme],
  );
  return { skin, toggleSkin };
}

/** Text direction; DirectionProvider sets `dir` on <html>, this also keeps it in storage. */
export function useTextDirection() {
  const { dir, setDirection } = useDirection();
  const toggleDirection = useCallback(() => {
    const next = dir === 'rtl' ? 'ltr' : 'rtl';
    writeDirection(next);
    setDirection(next);
  }, [dir, setDirection]);
  return { direction: dir, toggleDirection };
}

/** The desktop sidebar's collapsed state, kept under `menuCollapsed`. */
export function useMenuCollapsed() {
  const [collapsed, setCollapsed] = useState(readMenuCollapsed);
  const toggleCollapsed = useCallback(() => {
    setCollapsed((value) => {
      writeMenuCollapsed(!value);
      return !value;
    });
  }, []);
  return { collapsed, toggleCollapsed };
}
