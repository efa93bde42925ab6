import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

// spec 3 §4 Upload: progress 0 to 100 with Cancel while in progress; at 100 the control becomes Delete.
export function UploadProgress({
  progress,
  onCancel,
  onDelete,
}: {
  progress: number;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const complete = progress >= 100;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} role="status">
      <Box sx={{ flex: 1 }}>
        <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
        <Typography variant="caption" color="text.secondary">
          {complete ? 'Uploaded 100%' : `Uploading… ${progress}%`}
        </Typography>
      </Box>
      {complete ? (
        <Button size="small" color="error" onClick={onDelete}>
          Delete
        </Button>
      ) : (
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </Box>
  );
}
