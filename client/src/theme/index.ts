export { brand, brandGradient, headingFont, theme } from './theme';
export { toastComponents } from './toasts';
