// Entry of the inline script of the public pages served without React (root.tsx writes it):
// the event stream to follow is the script element's `data-events`.
import { startLive } from "./live";

startLive(document.currentScript!.dataset.events!);
