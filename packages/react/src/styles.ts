// The stylesheet entry: importing every style module makes the build write them all to one
// dist/styles.css, which hosts load once with `import '@coursekit/react/styles.css'`.
import './theme/theme.css';
import './ui/styles.css';
import './admin/admin.css';
import './admin/analytics/analytics.css';
