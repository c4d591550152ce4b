// Entry of the stream overlay's inline script (app/lib/overlay.server.ts): its event stream is the script's `data-events`.
import { startOverlay } from "./overlay";

startOverlay(document.currentScript!.dataset.events!);
