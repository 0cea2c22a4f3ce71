import CloseRounded from '@mui/icons-material/CloseRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from './Logo';

/**
 * Fixed header of the public pages: Pricing link and the main call to action; a drawer menu on small screens. A page
 * read by someone who is not our customer (a shared report) passes `aside` instead: no sales navigation at all.
 */
export function PublicHeader({ aside }: { aside?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <AppBar position="fixed">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 72 }, gap: 2 }}>
          <Logo />
          <Box sx={{ flexGrow: 1 }} />
          {aside}
          {!aside && (
          <>
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 1 }}>
            <Button component={RouterLink} to="/pricing" color="inherit">
              Pricing
            </Button>
            <Button component={RouterLink} to="/upload" variant="contained">
              Get My Video Analysis
            </Button>
          </Box>
          <IconButton
            edge="end"
            color="inherit"
            aria-label="Open menu"
            aria-controls="public-menu"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
          >
            <MenuRounded />
          </IconButton>
          </>
          )}
        </Toolbar>
      </Container>
      <Drawer id="public-menu" anchor="right" open={open} onClose={close} slotProps={{ paper: { 'aria-label': 'Menu', sx: { width: 'min(320px, 85vw)' } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Logo size={28} />
          <IconButton aria-label="Close menu" onClick={close}>
            <CloseRounded />
          </IconButton>
        </Box>
        <List component="nav" aria-label="Mobile" sx={{ px: 1 }}>
          <ListItemButton component={RouterLink} to="/pricing" onClick={close} sx={{ borderRadius: 2 }}>
            <ListItemText primary="Pricing" />
          </ListItemButton>
        </List>
        <Box sx={{ px: 2, pt: 1 }}>
          <Button component={RouterLink} to="/upload" onClick={close} variant="contained" fullWidth size="large">
            Get My Video Analysis
          </Button>
        </Box>
      </Drawer>
    </AppBar>
  );
}
