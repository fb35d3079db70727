import './ui/mantine-styles';
// The theme's CSS variables and Mantine's global classes (src/node/build/theme-css-plugin.ts), in place of
// the <style> elements MantineProvider would write; after Mantine's defaults, which they override.
import 'virtual:theme.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { HelmetProvider } from 'react-helmet-async';
import { Overlays } from './dialogs';
import type { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './ui/theme';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <HelmetProvider>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver} withCssVariables={false} withGlobalClasses={false}>
        <RouterProvider router={router} />
        <Overlays />
      </MantineProvider>
    </HelmetProvider>
  );
}
