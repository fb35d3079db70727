// Only the Mantine style sheets of the components the site uses (the full sheet is about 41 KB
// gzipped and blocks first paint). A component added to the site needs its sheet listed here;
// components fetched on demand (dialogs, drawer, search, toasts) import theirs where they are used.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
// After Text's sheet, as in Mantine's full sheet: an Anchor is a Text, and its underline rules must win.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/VisuallyHidden.css';
