import TextField from '@mui/material/TextField';
import { PLATFORM_CHOICE_META, PLATFORM_CHOICE_ORDER, isPlatformChoice, type PlatformChoice } from '@preflight/shared';

/**
 * Target platform (TikTok, YouTube Shorts, Instagram Reels, YouTube, Auto); used on the Upload page and the Analysis
 * page. A native select: five long names fit a 390 px screen, and phones show their own picker.
 */
export function PlatformPicker({
  value,
  onChange,
  disabled = false,
  size = 'medium',
  label = 'Target platform',
}: {
  value: PlatformChoice;
  onChange: (platform: PlatformChoice) => void;
  disabled?: boolean;
  size?: 'small' | 'medium';
  label?: string;
}) {
  return (
    <TextField
      select
      fullWidth
      size={size}
      label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        if (isPlatformChoice(event.target.value)) onChange(event.target.value);
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      helperText={size === 'medium' ? PLATFORM_CHOICE_META[value].hint : undefined}
    >
      {PLATFORM_CHOICE_ORDER.map((choice) => (
        <option key={choice} value={choice}>
          {PLATFORM_CHOICE_META[choice].label}
        </option>
      ))}
    </TextField>
  );
}
