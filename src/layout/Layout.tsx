import { Outlet } from '@tanstack/react-router';
import { LayoutPart } from '../page/layout-part';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LayoutPart name="header">
        <Header />
      </LayoutPart>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <LayoutPart name="footer">
        <Footer />
      </LayoutPart>
    </>
  );
}
