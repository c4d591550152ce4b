// A page script that wrongly takes a package (React): the page scripts' build refuses it.
import { version } from "react";

console.log(version);
