import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <Box component="main" id="main" tabIndex={-1}>
        <Outlet />
      </Box>
      <Footer />
    </>
  );
}
