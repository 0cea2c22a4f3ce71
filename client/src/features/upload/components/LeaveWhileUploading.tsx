import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useHref, useNavigate } from 'react-router';

/**
 * While an upload runs, leaving the page asks first. A reload, a closed tab or another site: the browser's own
 * "Leave site?" (beforeunload; browsers show only their own words there). A link inside the app: this dialog. Either
 * way, an upload that is left can be resumed from the upload page later (UnfinishedUploads).
 */
export function LeaveWhileUploading({ uploading }: { uploading: boolean }) {
  const navigate = useNavigate();
  const appRoot = useHref('/');
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  useEffect(() => {
    if (!uploading) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when this is set
    };
    // Capture phase: before the router's own link handler navigates.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.origin !== window.location.origin) return;
      const root = appRoot.replace(/\/$/, '');
      if (!link.pathname.startsWith(`${root}/`) && link.pathname !== root) return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(`${link.pathname.slice(root.length) || '/'}${link.search}${link.hash}`);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [uploading, appRoot]);

  return (
    <Dialog open={leavingTo !== null && uploading} onClose={() => setLeavingTo(null)} aria-labelledby="leave-upload-title">
      <DialogTitle id="leave-upload-title">Leave while uploading?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your upload stops if you leave this page. What has been sent is kept for 24 hours: come back to Upload and pick
          the same file to carry on from where it stopped.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setLeavingTo(null)} variant="contained">
          Stay and keep uploading
        </Button>
        <Button
          color="inherit"
          onClick={() => {
            const to = leavingTo;
            setLeavingTo(null);
            if (to) void navigate(to);
          }}
        >
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
