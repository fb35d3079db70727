import { Button, type ButtonVariant, type MantineColor, type MantineSize, type MantineTheme, UnstyledButton, useMantineTheme } from '@mantine/core';
import type { AnchorHTMLAttributes, CSSProperties, ReactNode } from 'react';

type Look = { variant: ButtonVariant; size: MantineSize; color?: MantineColor };

const looks = new WeakMap<MantineTheme, Map<string, CSSProperties>>();

/** The CSS variables Mantine's Button sets for a look, worked out once per theme and look. */
function varsOf(theme: MantineTheme, look: Look): CSSProperties {
  const key = `${look.variant} ${look.size} ${look.color ?? ''}`;
  let byLook = looks.get(theme);
  if (!byLook) looks.set(theme, (byLook = new Map()));
  let vars = byLook.get(key);
  if (!vars) {
    const root: Record<string, string | undefined> = Button.varsResolver!(theme, look, {}).root;
    vars = Object.fromEntries(Object.entries(root).filter(([, v]) => v !== undefined)) as CSSProperties;
    byLook.set(key, vars);
  }
  return vars;
}

type PlainButtonProps = Look & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & { leftSection?: ReactNode; children: ReactNode };

/**
 * A link in the look of Mantine's `<Button component="a">`, the same HTML drawn without Mantine's style
 * machinery (its props, styles and style props resolved on every render): a listing page draws 48 of them,
 * a product page three or four and one for each pack, and Mantine's took some 0.1 ms each, a third of a
 * listing page's render. Its classes and variables are Mantine's own (Button.classes, Button.varsResolver);
 * tests/unit/plain-button.test.tsx checks the HTML against Mantine's Button for every look the site uses.
 */
export function PlainButton({ variant, size, color, leftSection, className, children, ...anchor }: PlainButtonProps) {
  const theme = useMantineTheme();
  return (
    <a
      style={varsOf(theme, { variant, size, color })}
      className={`mantine-focus-auto mantine-active ${className ? `${className} ` : ''}${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`}
      data-variant={variant}
      data-size={size}
      data-with-left-section={leftSection ? true : undefined}
      {...anchor}
    >
      <span className={`${Button.classes.inner} mantine-Button-inner`}>
        {leftSection && (
          <span className={`${Button.classes.section} mantine-Button-section`} data-position="left">
            {leftSection}
          </span>
        )}
        <span className={`${Button.classes.label} mantine-Button-label`}>{children}</span>
      </span>
    </a>
  );
}
