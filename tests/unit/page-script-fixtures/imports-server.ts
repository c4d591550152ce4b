// A page script that wrongly takes a server module: the page scripts' build refuses it.
import { isApiPath } from "~/lib/cors.server";

console.log(isApiPath(location.pathname));
