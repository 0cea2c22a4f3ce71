import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import MovieRounded from '@mui/icons-material/MovieRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { Hint } from '../../../shared/components/Hint';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { brand } from '../../../theme';
import { canRemove, type QueueItem, type QueueStatus } from '../lib/queue';

const STATUS_CHIP: Record<QueueStatus, { label: string; color: 'default' | 'info' | 'success' | 'error' }> = {
  pending: { label: 'Ready', color: 'default' },
  uploading: { label: 'Uploading', color: 'info' },
  completed: { label: 'Uploaded', color: 'success' },
  error: { label: 'Failed', color: 'error' },
};

export const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024 ? `${(bytes / 1024 ** 3).toFixed(2)} GB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function UploadQueueList({ queue, onRemove, onCancel }: { queue: QueueItem[]; onRemove: (id: string) => void; onCancel: (id: string) => void }) {
  if (!queue.length) return null;
  return (
    // minmax(0, 1fr): a row is as wide as the panel, never as wide as its file name (the name is cut with an ellipsis;
    // with `auto` a long name widened the row past the panel and cut off its cancel ✕).
    <Box component="ul" aria-label="Upload queue" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.25 }}>
      {queue.map((item) => {
        const chip = STATUS_CHIP[item.status];
        const name = item.file.name;
        return (
          <Box
            component="li"
            key={item.id}
            data-testid="queue-item"
            data-status={item.status}
            sx={{ p: 2, borderRadius: 3, border: `1px solid ${item.status === 'error' ? alpha(brand.danger, 0.4) : brand.line}`, bgcolor: alpha(brand.surfaceRaised, 0.6) }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              {item.status === 'completed' ? (
                <CheckCircleRounded color="success" />
              ) : item.status === 'error' ? (
                <ErrorOutlineRounded color="error" />
              ) : (
                <MovieRounded color="primary" />
              )}
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography noWrap sx={{ fontWeight: 600 }} title={name}>
                  {name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatSize(item.file.size)}
                  {item.status === 'uploading' || item.status === 'completed' ? ` · ${item.progress}%` : ''}
                </Typography>
              </Box>
              <Chip size="small" label={chip.label} color={chip.color} variant={item.status === 'pending' ? 'outlined' : 'filled'} />
              {item.status === 'uploading' ? (
                <Hint title="Cancel upload">
                  <IconButton size="small" aria-label={`Cancel upload of ${name}`} onClick={() => onCancel(item.id)}>
                    <CloseRounded fontSize="small" />
                  </IconButton>
                </Hint>
              ) : (
                <Hint title="Remove">
                  <span>
                    <IconButton size="small" aria-label={`Remove ${name}`} disabled={!canRemove(item)} onClick={() => onRemove(item.id)}>
                      <DeleteOutlineRounded fontSize="small" />
                    </IconButton>
                  </span>
                </Hint>
              )}
            </Box>
            {item.status !== 'pending' && (
            <LinearProgress
              variant="determinate"
              value={item.progress}
              color={item.status === 'error' ? 'error' : item.status === 'completed' ? 'success' : 'primary'}
              aria-label={`Upload progress of ${name}`}
              sx={{ mt: 1.5, height: 6, borderRadius: 3 }}
            />
            )}
            {item.error && (
              <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
                {name}: {item.error}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
