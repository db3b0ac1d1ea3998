import { ApiError } from '../../app/http.ts';

/** The static markdown files in public/content/, by name without '.md'. */
export async function fetchContentFile(file: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/content/${encodeURIComponent(file)}.md`, {
      headers: { accept: 'text/markdown' },
    });
  } catch {
    throw new ApiError(0, 'Network error. Please try again.', 'network_error');
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText || `HTTP ${response.status}`);
  return response.text();
}
