import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../constants";

/**
 * A page of results (spec 2 §3.1, §7.5): `cp` is the page from 0, `ipp` the items per page,
 * default 9, at most 60. Query strings carry numbers as text, hence the coercion. Routes extend
 * this with their own filter parameters.
 */
export const PageRequestSchema = z.object({
  cp: z.coerce.number().int().min(0).default(0),
  ipp: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type PageRequest = z.infer<typeof PageRequestSchema>;

/** The offset of a page's first item. */
export function pageOffset(page: PageRequest): number {
  return page.cp * page.ipp;
}

/** Infinite scrolling stops when a page comes back empty or shorter than the page size. */
export function isLastPage(received: number, page: PageRequest): boolean {
  return received < page.ipp;
}
