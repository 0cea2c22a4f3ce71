export { brand, brandGradient, headingFont, riskColor, severityColor, theme } from './theme';
export { toastComponents } from './toasts';
