import serverPackage from "../package.json" with { type: "json" };

export const version: string = serverPackage.version;
