export { brand, brandGradient, headingFont, theme } from './theme';
