import { alpha, styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';
import { brand } from './theme';

/** notistack toasts dressed in the theme: dark surface, coloured accent bar and icon. */
const Toast = styled(MaterialDesignContent)(({ theme }) => {
  const accent = (color: string) => ({
    borderLeft: `4px solid ${color}`,
    '& #notistack-snackbar > svg': { color },
  });
  return {
    '&.notistack-MuiContent': {
      backgroundColor: theme.palette.background.paper,
      color: theme.palette.text.primary,
      border: `1px solid ${theme.palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      boxShadow: `0 16px 48px ${alpha(brand.black, 0.55)}`,
      fontFamily: theme.typography.fontFamily,
      fontWeight: 500,
    },
    '&.notistack-MuiContent-success': accent(theme.palette.success.main),
    '&.notistack-MuiContent-error': accent(theme.palette.error.main),
    '&.notistack-MuiContent-warning': accent(theme.palette.warning.main),
    '&.notistack-MuiContent-info': accent(theme.palette.info.main),
  };
});

export const toastComponents = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };
