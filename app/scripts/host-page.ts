// Entry of the inline script of the host screens served without React: the live page with the host part.
import { hostPart } from "./host";
import { startLive } from "./live";

startLive(document.currentScript!.dataset.events!, hostPart);
