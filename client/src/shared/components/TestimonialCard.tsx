import FormatQuoteRounded from '@mui/icons-material/FormatQuoteRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { brandGradient } from '../../theme';

/** A testimonial: quote, author, role, avatar, rating. */
export interface Testimonial {
  quote: string;
  author: string;
  role: string;
  /** Image URL, or initials when no image is shipped. */
  avatar: string;
  rating: number;
}

export const LOGIN_TESTIMONIAL: Testimonial = {
  quote:
    'Preflight caught a dead first three seconds I had watched twenty times without noticing. I fixed the hook and that video held viewers twice as long as my last one.',
  author: 'Maya Okafor',
  role: 'Lifestyle creator',
  avatar: 'MO',
  rating: 5,
};

const isImage = (avatar: string) => /^(https?:|data:|\/)/.test(avatar);

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { quote, author, role, avatar, rating } = testimonial;
  return (
    <Card component="figure" sx={{ m: 0, p: 3.5, position: 'relative' }}>
      <FormatQuoteRounded sx={{ position: 'absolute', top: 16, right: 18, fontSize: 44, opacity: 0.15 }} />
      <Rating value={rating} readOnly size="small" sx={{ mb: 1.5 }} />
      <Typography component="blockquote" sx={{ m: 0, fontSize: '1.05rem', lineHeight: 1.65, mb: 3 }}>
        “{quote}”
      </Typography>
      <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar
          alt={author}
          src={isImage(avatar) ? avatar : undefined}
          sx={{ background: brandGradient, color: 'background.default', fontWeight: 700, fontSize: 15 }}
        >
          {isImage(avatar) ? null : avatar}
        </Avatar>
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{author}</Typography>
          <Typography variant="body2" color="text.secondary">
            {role}
          </Typography>
        </Box>
      </Box>
    </Card>
  );
}
