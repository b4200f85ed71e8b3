-- wrk script for the mixed load of tests/load/mixed.sh: pages in five languages, listings with
-- varying filters and pages, product pages and answers, resized images, and searches that are
-- new to the server (so caches fill to their bounds instead of answering one entry).
local langs = { "en", "th", "my", "km", "id" }
local prefixes = { "", "/th", "/my", "/km", "/id" }
local rooms = { "living", "bedroom", "dining", "kitchen", "office" }
local codes = { "SF-1001", "SF-1002", "BD-2001", "BD-2003", "TB-3001", "CH-4001", "ST-6101", "ST-6103" }
local words = { "sofa", "table", "bed", "chair", "%E0%B9%82%E0%B8%8B%E0%B8%9F%E0%B8%B2", "%E0%B9%82%E0%B8%95%E0%B9%8A%E0%B8%B0", "meja", "kerusi" }
local widths = { 160, 320, 480, 640, 960 }
local n = 0
request = function()
  n = n + 1
  local lang = langs[(n % #langs) + 1]
  local prefix = prefixes[(n % #prefixes) + 1]
  local kind = n % 8
  local path
  if kind == 0 then
    path = prefix .. "/room/" .. rooms[(n % #rooms) + 1]
  elseif kind == 1 then
    path = prefix .. "/products/" .. codes[(n % #codes) + 1]
  elseif kind == 2 then
    path = string.format("/api/app/product/list?room=%s&limit=%d&page=%d&lang=%s", rooms[(n % #rooms) + 1], (n % 48) + 1, (math.floor(n / 48) % 5) + 1, lang)
  elseif kind == 3 then
    path = string.format("/api/app/search?keyword=%s&limit=%d&page=%d&lang=%s", words[(n % #words) + 1], (n % 60) + 1, (math.floor(n / 60) % 20) + 1, lang)
  elseif kind == 4 then
    path = "/api/app/product/get/" .. codes[(n % #codes) + 1]
  elseif kind == 5 then
    path = string.format("/api/file/images/demo/%s-1.png?w=%d", codes[(n % #codes) + 1], widths[(n % #widths) + 1])
  elseif kind == 6 then
    path = string.format("%s/search?keyword=%s%d", prefix, words[(n % #words) + 1], n % 500)
  else
    path = prefix .. "/"
  end
  return wrk.format("GET", path, { ["Accept-Encoding"] = "gzip, br" })
end
