import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useRef, useState, type DragEvent } from 'react';
import { brand } from '../../../theme';
import { ACCEPT_ATTRIBUTE, MAX_FILES, MAX_UPLOAD_MB } from '@preflight/shared';

/** Drop zone and file picker (several files at once). */
export function DropZone({ onFiles, disabled = false }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files ?? []);
    if (files.length) onFiles(files);
  };

  return (
    <Box
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      onClick={() => !disabled && input.current?.click()}
      sx={{
        cursor: disabled ? 'default' : 'pointer',
        textAlign: 'center',
        px: 3,
        py: { xs: 4, md: 6 },
        borderRadius: 4,
        border: `2px dashed ${over ? brand.cyan : alpha(brand.white, 0.18)}`,
        bgcolor: over ? alpha(brand.cyan, 0.06) : alpha(brand.violet, 0.04),
        transition: 'border-color .15s, background-color .15s',
        '&:hover': disabled ? undefined : { borderColor: alpha(brand.violet, 0.7) },
      }}
    >
      <CloudUploadRounded sx={{ fontSize: 48, color: 'primary.main', mb: 1 }} />
      <Typography variant="h6" component="p">
        Drop your videos here
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        MP4, MOV, WEBM and more · up to {MAX_UPLOAD_MB} MB each · up to {MAX_FILES} files
      </Typography>
      <Button variant="outlined" disabled={disabled} onClick={(e) => { e.stopPropagation(); input.current?.click(); }}>
        Choose videos
      </Button>
      <input
        ref={input}
        data-testid="file-input"
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        hidden
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </Box>
  );
}
