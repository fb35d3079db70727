// The authoring studio's page (/__studio, dev server only: src/node/studio/plugin.ts), in the site's
// theme (its colours pass the contrast checks Mantine's defaults fail).
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from '../ui/theme';
import { Studio } from './Studio';

createRoot(document.getElementById('studio')!).render(
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    <Studio />
  </MantineProvider>,
);
