-- wrk script: every request is a search the server has not answered before in this run (the
-- page size and page vary with a counter), so the figure is the search itself, not the answer
-- cache. KEYWORDS: URL-encoded keywords separated by "|"; LANG: the language of the names.
local keywords = {}
for k in string.gmatch(os.getenv("KEYWORDS") or "sofa", "[^|]+") do table.insert(keywords, k) end
local lang = os.getenv("LANG_PARAM") or "en"
local n = 0
request = function()
  n = n + 1
  local keyword = keywords[(n % #keywords) + 1]
  local limit = (n % 100) + 1
  local page = (math.floor(n / 100) % 40) + 1
  local path = string.format("/api/app/search?keyword=%s&lang=%s&limit=%d&page=%d", keyword, lang, limit, page)
  return wrk.format("GET", path)
end
