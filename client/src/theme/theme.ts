import { alpha, createTheme } from '@mui/material/styles';

/**
 * The one Preflight theme. Dark, high-contrast, violet → cyan brand gradient.
 * Every colour, font and component customisation lives here; components read it through `sx`/`theme`.
 */
export const brand = {
  violet: '#8b7bff',
  violetDark: '#6a55f5',
  cyan: '#22d3ee',
  ink: '#0a0b10',
  surface: '#12141c',
  surfaceRaised: '#181b26',
  line: 'rgba(255,255,255,0.08)',
  text: '#f4f5fb',
  textSecondary: 'rgba(228,231,245,0.68)',
  // Status colours: good / caution / bad / informative, and the timeline's "fire" and "steady" moments.
  success: '#34d399',
  warning: '#fbbf24',
  danger: '#f87171',
  info: '#60a5fa',
  fire: '#fb923c',
  muted: '#94a3b8',
  // Pure white and black, only ever used through alpha() for glass surfaces, hairlines and shadows.
  white: '#ffffff',
  black: '#000000',
};

/** Colour of a risk level and of an issue severity: one mapping for every chart, badge and frame marker. */
export const riskColor = { high: brand.danger, medium: brand.warning, low: brand.success } as const;
export const severityColor = { high: brand.danger, medium: brand.warning, low: brand.muted } as const;

export const brandGradient = `linear-gradient(135deg, ${brand.violet} 0%, ${brand.cyan} 100%)`;
export const headingFont = '"Plus Jakarta Sans Variable", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/**
 * Body text in the device's own interface font (San Francisco, Roboto, Segoe UI): nothing to download, and no swap
 * from a fallback that moves the page's largest paragraph as a web font arrives. The brand face is for headings.
 */
const bodyFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: brand.violet, dark: brand.violetDark, contrastText: brand.ink },
    secondary: { main: brand.cyan, contrastText: brand.ink },
    success: { main: brand.success },
    warning: { main: brand.warning },
    error: { main: brand.danger },
    info: { main: brand.info },
    background: { default: brand.ink, paper: brand.surface },
    divider: brand.line,
    text: { primary: brand.text, secondary: brand.textSecondary },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: bodyFont,
    h1: { fontFamily: headingFont, fontWeight: 800, letterSpacing: '-0.035em', lineHeight: 1.05 },
    h2: { fontFamily: headingFont, fontWeight: 800, letterSpacing: '-0.03em', lineHeight: 1.1 },
    h3: { fontFamily: headingFont, fontWeight: 700, letterSpacing: '-0.025em', lineHeight: 1.15 },
    h4: { fontFamily: headingFont, fontWeight: 700, letterSpacing: '-0.02em' },
    h5: { fontFamily: headingFont, fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontFamily: headingFont, fontWeight: 700 },
    subtitle1: { lineHeight: 1.6 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    overline: { fontWeight: 700, letterSpacing: '0.14em' },
  },
  components: {
    // Subtitles are styled text, not headings (MUI maps them to <h6>, which breaks the page's heading order).
    // MUI's buttons drop the outline for a faint ripple on keyboard focus: the same ring as everything else. Also by
    // the browser's own :focus-visible, because MUI's class comes from script: a server-rendered page's buttons are
    // reachable by keyboard before the app has taken the page over.
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible, &:focus-visible': { outline: `2px solid ${brand.cyan}`, outlineOffset: 2 } } } },
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    // A spinner without its own label is still named for assistive technology.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    // ---- Layout & surfaces
    MuiCssBaseline: {
      styleOverrides: {
        body: {
          backgroundColor: brand.ink,
          backgroundImage: `radial-gradient(1200px 600px at 85% -10%, ${alpha(brand.violet, 0.16)}, transparent 60%),
            radial-gradient(900px 500px at -10% 10%, ${alpha(brand.cyan, 0.08)}, transparent 60%)`,
          backgroundAttachment: 'fixed',
          WebkitFontSmoothing: 'antialiased',
        },
        '::selection': { backgroundColor: alpha(brand.violet, 0.45) },
        // Keyboard focus is always visible: a solid cyan ring (≥ 3:1 against every surface of the dark theme).
        ':focus-visible': { outline: `2px solid ${brand.cyan}`, outlineOffset: 2 },
      },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { backgroundImage: 'none' } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: {
        root: {
          backgroundColor: alpha(brand.surfaceRaised, 0.72),
          backdropFilter: 'blur(12px)',
          borderColor: brand.line,
          borderRadius: 16,
        },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'transparent' },
      styleOverrides: {
        root: {
          backgroundColor: alpha(brand.ink, 0.72),
          backdropFilter: 'saturate(180%) blur(16px)',
          borderBottom: `1px solid ${brand.line}`,
        },
      },
    },
    MuiDrawer: {
      styleOverrides: { paper: { backgroundColor: brand.surface, borderLeft: `1px solid ${brand.line}` } },
    },
    // ---- Inputs & actions
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          borderRadius: 999,
          paddingInline: 20,
          variants: [
            {
              props: { variant: 'contained', color: 'primary' },
              style: {
                background: brandGradient,
                color: brand.ink,
                boxShadow: `0 8px 30px ${alpha(brand.violet, 0.35)}`,
                '&:hover': {
                  background: brandGradient,
                  filter: 'brightness(1.08)',
                  boxShadow: `0 10px 36px ${alpha(brand.violet, 0.5)}`,
                },
                '&.Mui-disabled': { background: alpha(brand.white, 0.12), color: alpha(brand.white, 0.55), boxShadow: 'none' },
              },
            },
            {
              props: { variant: 'outlined' },
              style: { borderColor: alpha(brand.white, 0.2), '&:hover': { borderColor: alpha(brand.white, 0.45) } },
            },
          ],
        },
        sizeLarge: { paddingBlock: 12, paddingInline: 28, fontSize: '1rem' },
      },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
    // ---- Data display & feedback
    MuiChip: { styleOverrides: { root: { fontWeight: 600, borderRadius: 999 } } },
  },
});
