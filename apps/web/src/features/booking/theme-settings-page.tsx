import { Box } from '@mantine/core';
import { THEME_TEXT } from './booking-messages';
import { ThemeEditor } from './components/theme-editor';

/** Self check-in theme settings: what the kiosk paints behind its panels. */
export function ThemeSettingsPage() {
  return (
    <Box maw={1200} mx="auto">
      <ThemeEditor
        kind="self-check-in"
        desktopTitle={THEME_TEXT.desktopTitle}
        mobileTitle={THEME_TEXT.mobileTitle}
        description="The colour behind the self check-in kiosk. Kiosks pick up a saved theme when they next load."
      />
    </Box>
  );
}
