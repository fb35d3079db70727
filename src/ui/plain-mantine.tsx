// Mantine components' HTML drawn in plain elements, for the few drawn thousands of times in a catalogue's
// build: a listing page draws 48 product cards, each with its badge and Add to quote list, and a product
// page five or six buttons (its own, its banner's) and one for each pack. Mantine resolves each
// component's props, styles and style props on every render, some 0.1 ms for a Button, a third of a
// listing page's render. These give the same HTML with Mantine's own classes and CSS variables (each
// component's `classes` and `varsResolver`), worked out once per theme and look;
// tests/unit/plain-mantine.test.tsx checks each against Mantine's component in every look the site draws
// it in.
import {
  Badge,
  Button,
  type ButtonVariant,
  Card,
  type MantineColor,
  type MantineSize,
  type MantineTheme,
  Paper,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import type { AnchorHTMLAttributes, CSSProperties, ElementType, ReactNode } from 'react';

const resolved = new WeakMap<MantineTheme, Map<string, CSSProperties>>();

/**
 * The CSS variables a Mantine component's varsResolver sets on its root (`root()`, those it leaves unset
 * left out), worked out once per theme and `look`.
 */
function varsOf(theme: MantineTheme, look: string, root: () => Partial<Record<string, string>>): CSSProperties {
  let byLook = resolved.get(theme);
  if (!byLook) resolved.set(theme, (byLook = new Map()));
  let vars = byLook.get(look);
  if (!vars) {
    vars = Object.fromEntries(Object.entries(root()).filter(([, v]) => v !== undefined)) as CSSProperties;
    byLook.set(look, vars);
  }
  return vars;
}

export type ButtonLook = { variant: ButtonVariant; size: MantineSize; color?: MantineColor };
type PlainButtonProps = ButtonLook & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & { leftSection?: ReactNode; children: ReactNode };

/** Mantine's `<Button component="a">`, or `<Button component={InternalLink} to={to}>` given those. */
export function PlainButton({ component: Link = 'a', variant, size, color, leftSection, className, children, ...anchor }: PlainButtonProps & { component?: ElementType; to?: string }) {
  const theme = useMantineTheme();
  const props = {
    style: varsOf(theme, `Button ${variant} ${size} ${color}`, () => Button.varsResolver(theme, { variant, size, color }, undefined).root),
    className: `mantine-focus-auto mantine-active ${className ? `${className} ` : ''}${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`,
    'data-variant': variant,
    'data-size': size,
    'data-with-left-section': leftSection ? true : undefined,
    ...anchor,
    children: (
      <span className={`${Button.classes.inner} mantine-Button-inner`}>
        {leftSection && (
          <span className={`${Button.classes.section} mantine-Button-section`} data-position="left">
            {leftSection}
          </span>
        )}
        <span className={`${Button.classes.label} mantine-Button-label`}>{children}</span>
      </span>
    ),
  };
  return <Link {...props} />;
}

/** Mantine's `<Badge variant={variant} tt="none" w="fit-content">`, as a product card shows its category. */
export function PlainBadge({ variant, children }: { variant: 'light'; children: ReactNode }) {
  const theme = useMantineTheme();
  return (
    <div style={{ ...varsOf(theme, `Badge ${variant}`, () => Badge.varsResolver(theme, { variant }, undefined).root), textTransform: 'none', width: 'fit-content' }} className={`${Badge.classes.root} mantine-Badge-root`} data-variant={variant}>
      <span className={`${Badge.classes.label} mantine-Badge-label`}>{children}</span>
    </div>
  );
}

/**
 * Mantine's `<Card withBorder padding="md" radius="md">` whose first child is `<Card.Section mb="sm">`
 * holding `picture`, and `children` after it.
 */
export function PlainCard({ className, picture, children }: { className: string; picture: ReactNode; children: ReactNode }) {
  const theme = useMantineTheme();
  const style = { ...varsOf(theme, 'Paper md', () => Paper.varsResolver(theme, { radius: 'md' }, undefined).root), ...varsOf(theme, 'Card md', () => Card.varsResolver(theme, { padding: 'md' }, undefined).root) };
  return (
    <div style={style} className={`${className} ${Card.classes.root} mantine-Card-root ${Paper.classes.root} mantine-Paper-root`} data-with-border="true" data-orientation="vertical">
      <div style={{ marginBottom: 'var(--mantine-spacing-sm)' }} className={`${Card.classes.section} mantine-Card-section`} data-orientation="vertical" data-first-section="true">
        {picture}
      </div>
      {children}
    </div>
  );
}
