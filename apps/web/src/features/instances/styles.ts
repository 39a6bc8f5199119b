/**
 * Mantine styles the instance screens use beyond what the console chunk
 * already loads (see app/styles/console.ts); imported by those screens only,
 * so they arrive with their chunks and never with /login.
 */
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/SegmentedControl.css';
// SegmentedControl's moving highlight is a FloatingIndicator.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/RadioIndicator.css';
