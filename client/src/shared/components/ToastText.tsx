import Box from '@mui/material/Box';

/** A toast with a bold title and an optional line under it (e.g. "PDF Downloaded" / "Optimization report …"). */
export function ToastText({ title, message }: { title: string; message?: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="strong" sx={{ fontWeight: 700 }}>
        {title}
      </Box>
      {message && (
        <Box component="span" sx={{ opacity: 0.85, fontSize: '0.875em' }}>
          {message}
        </Box>
      )}
    </Box>
  );
}
