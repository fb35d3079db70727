import '@fontsource-variable/inter/wght.css';
import './ui/mantine-styles';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import { HelmetProvider } from 'react-helmet-async';
import { contextModals } from './dialogs';
import type { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './ui/theme';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <HelmetProvider>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <ModalsProvider modals={contextModals}>
          <Notifications position="top-center" />
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </HelmetProvider>
  );
}
