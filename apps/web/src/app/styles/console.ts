/** Mantine styles the signed-in console adds; loaded with the console chunk. */
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
// The notification bell's unread count (NotificationBell, in the shell).
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Grid.css';
