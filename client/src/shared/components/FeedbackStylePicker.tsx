import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { FEEDBACK_STYLE_META, FEEDBACK_STYLES, type FeedbackStyle } from '@preflight/shared';

/** Feedback style gentle / balanced / brutal; used on the Upload page and the Analysis page. */
export function FeedbackStylePicker({
  value,
  onChange,
  disabled = false,
  showHints = true,
  size = 'medium',
}: {
  value: FeedbackStyle;
  onChange: (style: FeedbackStyle) => void;
  disabled?: boolean;
  showHints?: boolean;
  size?: 'small' | 'medium';
}) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      size={size}
      value={value}
      disabled={disabled}
      aria-label="Feedback style"
      onChange={(_, next: FeedbackStyle | null) => next && onChange(next)}
      sx={{ '& .MuiToggleButton-root': { textTransform: 'none', py: showHints ? 1.2 : 0.6, borderRadius: 2 } }}
    >
      {FEEDBACK_STYLES.map((style) => (
        <ToggleButton key={style} value={style}>
          <Box>
            <Typography sx={{ fontWeight: 700, fontSize: size === 'small' ? '0.85rem' : undefined }}>{FEEDBACK_STYLE_META[style].label}</Typography>
            {showHints && (
              <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                {FEEDBACK_STYLE_META[style].hint}
              </Typography>
            )}
          </Box>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
