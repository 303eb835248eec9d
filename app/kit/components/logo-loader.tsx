import { LogoMark } from './logo.tsx';
import classes from './logo-loader.module.css';

/** The spec's loading state: a centred bouncing logo, used while a screen or the account loads. */
export function LogoLoader() {
  return (
    <div className={classes.root} role="status" aria-label="Loading">
      <div className={classes.mark}>
        <LogoMark size={48} />
      </div>
    </div>
  );
}
