// The authoring studio's page (/__studio, dev server only: src/node/studio-plugin.ts).
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { Studio } from './Studio';

createRoot(document.getElementById('studio')!).render(
  <MantineProvider>
    <Studio />
  </MantineProvider>,
);
