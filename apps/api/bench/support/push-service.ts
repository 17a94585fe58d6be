/**
 * The fake push service in a process of its own, so that taking (and later decrypting) 10,000 pushes does not slow
 * the process timing the API. Prints its origin on the first line of stdout; the bench drives it through its /__fake/ admin.
 */
import { startFakePushService } from '@breaker/fakes/push';

const service = await startFakePushService();
process.stdout.write(`${service.origin}\n`);
process.on('SIGTERM', () => void service.close().then(() => process.exit(0)));
