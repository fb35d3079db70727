import './ui/mantine-styles';
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
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <RouterProvider router={router} />
        <Overlays />
      </MantineProvider>
    </HelmetProvider>
  );
}
