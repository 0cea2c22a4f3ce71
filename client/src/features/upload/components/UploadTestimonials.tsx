import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TestimonialCard, type Testimonial } from '../../../shared/components/TestimonialCard';

export const UPLOAD_TESTIMONIALS: Testimonial[] = [
  {
    quote: 'The drop-off chart showed viewers leaving at a silent pause I never noticed. Cut it, and the repost held far better.',
    author: 'Jordan Reyes',
    role: 'Fitness creator',
    avatar: 'JR',
    rating: 5,
  },
  {
    quote: 'I test every client edit before it goes out. The fixes are specific enough that my editor just works through the list.',
    author: 'Priya Shah',
    role: 'Agency producer',
    avatar: 'PS',
    rating: 5,
  },
  {
    quote: 'Brutal mode is exactly that. It told me my hook took four seconds to land — it was right.',
    author: 'Tom Becker',
    role: 'Tech reviewer',
    avatar: 'TB',
    rating: 5,
  },
];

export function UploadTestimonials() {
  return (
    <Box component="section" aria-labelledby="testimonials-title" sx={{ mt: { xs: 5, md: 7 } }}>
      <Typography id="testimonials-title" variant="h5" component="h2" sx={{ mb: 2.5 }}>
        Creators who test before they post
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {UPLOAD_TESTIMONIALS.map((t) => (
          <TestimonialCard key={t.author} testimonial={t} />
        ))}
      </Box>
    </Box>
  );
}
