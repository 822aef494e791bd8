// The clinic's MUI theme. Breakpoints follow spec §9: mobile below 768 px, expanded sidebar from 1024 px.
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 600, md: 768, lg: 1024, xl: 1440 } },
  palette: {
    primary: { main: '#1f5f5b' },
    secondary: { main: '#b4532a' },
    // MUI's default warning and info colours put white text below WCAG AA's 4.5:1 (chips, buttons),
    // and warning text on the page background too; these keep at least 4.5:1 on white and on the background.
    warning: { main: '#b45309' },
    info: { main: '#01579b' },
    background: { default: '#f6f8f7' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
});
