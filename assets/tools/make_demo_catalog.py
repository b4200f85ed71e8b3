#!/usr/bin/env python3
"""Build the Kiosk demo catalogue: assets/demo/products.json and assets/demo/images/*.png.

Dependency: Pillow (pip install pillow). Nothing else; no fonts, no photos, no network.

    python3 assets/tools/make_demo_catalog.py              # rewrites products.json and all images
    python3 assets/tools/make_demo_catalog.py --json-only  # products.json only
    python3 assets/tools/make_demo_catalog.py --only SF-1001,BD-2001   # a few images only
    python3 assets/tools/make_demo_catalog.py --missing    # products.json and the pictures not on disk yet
    python3 assets/tools/make_demo_catalog.py --labels     # also the material/colour labels

The material and colour keys of the products are label keys: --labels writes their titles
in five languages into the groups "material" and "colour" of assets/seed/labels.json (the
other groups of that file are left as they are).

Products sold in several fabrics, finishes or sizes have options and variants (docs/VARIANTS.md
§1; the table VARIANT_SPECS): each colour or material look gets a picture of its own,
{code}-{look}.png, drawn like image 1 in that colour (a mirrored look, such as the other side
of a corner sofa, like image 2). Check the result with assets/tools/check_demo_variants.py.

Everything comes from the data tables below, so the output is reproducible: the same input
gives byte-for-byte the same JSON and PNG files (no clock, no unseeded randomness; the
pseudo-random choices such as stock or popularity come from a hash of the product code).

Products are described in five languages: en, th, my (Malay), km (Khmer) and id (Indonesian).
A product's name is built from its product line ("Nordic", "Sukhothai", ...), its material
and a noun phrase per product kind; its description from one sentence about the kind, one
about the material and one about the colour. Prices are in whole baht here and written to
the JSON in satang (1 baht = 100 satang).

The pictures are flat illustrations drawn with polygons, rounded rectangles and ellipses in
a simple oblique projection, on a soft studio background; image 2 is the mirrored view on a
different tint, closer in; image 3 shows the piece in a small room setting (small pieces such
as cushions or stools get a close-up instead). They contain no text. Each PNG is 800 x 600,
reduced to a palette of at most 128 colours; a picture that would exceed 25 KB is saved with
fewer colours. (Byte-for-byte reproducibility assumes the same Pillow and zlib versions.)
"""

import argparse
import datetime
import hashlib
import json
import math
import os

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps

LANGS = ("en", "th", "my", "km", "id")
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DEMO_DIR = os.path.join(ROOT, "assets", "demo")
IMAGE_DIR = os.path.join(DEMO_DIR, "images")
IMAGE_URL = "/api/file/images/demo/{code}-{n}.png"


def h(text, mod):
    """A stable pseudo-random integer in [0, mod) derived from text."""
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16) % mod


# --------------------------------------------------------------------------------------
# Materials and colours (the keys are also the label keys in assets/seed/labels.json)
# --------------------------------------------------------------------------------------

# Adjective used in product names, per language.
MATERIAL_ADJ = {
    "teak": {"en": "Teak", "th": "ไม้สัก", "my": "Kayu Jati", "km": "ឈើម៉ៃសាក់", "id": "Kayu Jati"},
    "oak": {"en": "Oak", "th": "ไม้โอ๊ค", "my": "Kayu Oak", "km": "ឈើអូក", "id": "Kayu Ek"},
    "rubberwood": {"en": "Rubberwood", "th": "ไม้ยางพารา", "my": "Kayu Getah", "km": "ឈើកៅស៊ូ", "id": "Kayu Karet"},
    "pine": {"en": "Pine", "th": "ไม้สน", "my": "Kayu Pain", "km": "ឈើស្រល់", "id": "Kayu Pinus"},
    "rattan": {"en": "Rattan", "th": "หวาย", "my": "Rotan", "km": "ផ្ដៅ", "id": "Rotan"},
    "bamboo": {"en": "Bamboo", "th": "ไม้ไผ่", "my": "Buluh", "km": "ឫស្សី", "id": "Bambu"},
    "metal": {"en": "Steel", "th": "เหล็ก", "my": "Besi", "km": "ដែក", "id": "Besi"},
    "fabric": {"en": "Fabric", "th": "ผ้า", "my": "Fabrik", "km": "ក្រណាត់", "id": "Kain"},
    "leather": {"en": "Leather", "th": "หนังแท้", "my": "Kulit", "km": "ស្បែក", "id": "Kulit"},
    "velvet": {"en": "Velvet", "th": "กำมะหยี่", "my": "Baldu", "km": "វ៉ែលវ៉េត", "id": "Beludru"},
    "marble": {"en": "Marble", "th": "หินอ่อน", "my": "Marmar", "km": "ថ្មម៉ាប", "id": "Marmer"},
    "glass": {"en": "Glass", "th": "กระจก", "my": "Kaca", "km": "កញ្ចក់", "id": "Kaca"},
    "plastic": {"en": "Plastic", "th": "พลาสติก", "my": "Plastik", "km": "ប្លាស្ទិក", "id": "Plastik"},
}

# Titles for the label group "material" (assets/seed/labels.json).
MATERIAL_LABEL = {
    "teak": {"en": "Teak", "th": "ไม้สัก", "my": "Kayu jati", "km": "ឈើម៉ៃសាក់", "id": "Kayu jati"},
    "oak": {"en": "Oak", "th": "ไม้โอ๊ค", "my": "Kayu oak", "km": "ឈើអូក", "id": "Kayu ek"},
    "rubberwood": {"en": "Rubberwood", "th": "ไม้ยางพารา", "my": "Kayu getah", "km": "ឈើកៅស៊ូ", "id": "Kayu karet"},
    "pine": {"en": "Pine", "th": "ไม้สน", "my": "Kayu pain", "km": "ឈើស្រល់", "id": "Kayu pinus"},
    "rattan": {"en": "Rattan", "th": "หวาย", "my": "Rotan", "km": "ផ្ដៅ", "id": "Rotan"},
    "bamboo": {"en": "Bamboo", "th": "ไม้ไผ่", "my": "Buluh", "km": "ឫស្សី", "id": "Bambu"},
    "metal": {"en": "Metal", "th": "โลหะ", "my": "Logam", "km": "លោហៈ", "id": "Logam"},
    "fabric": {"en": "Fabric", "th": "ผ้า", "my": "Fabrik", "km": "ក្រណាត់", "id": "Kain"},
    "leather": {"en": "Leather", "th": "หนังแท้", "my": "Kulit", "km": "ស្បែក", "id": "Kulit"},
    "velvet": {"en": "Velvet", "th": "ผ้ากำมะหยี่", "my": "Baldu", "km": "ក្រណាត់វ៉ែលវ៉េត", "id": "Beludru"},
    "marble": {"en": "Marble", "th": "หินอ่อน", "my": "Marmar", "km": "ថ្មម៉ាប", "id": "Marmer"},
    "glass": {"en": "Glass", "th": "กระจก", "my": "Kaca", "km": "កញ្ចក់", "id": "Kaca"},
    "plastic": {"en": "Plastic", "th": "พลาสติก", "my": "Plastik", "km": "ប្លាស្ទិក", "id": "Plastik"},
}

# Titles for the label group "colour".
COLOUR_LABEL = {
    "white": {"en": "White", "th": "สีขาว", "my": "Putih", "km": "ពណ៌ស", "id": "Putih"},
    "black": {"en": "Black", "th": "สีดำ", "my": "Hitam", "km": "ពណ៌ខ្មៅ", "id": "Hitam"},
    "grey": {"en": "Grey", "th": "สีเทา", "my": "Kelabu", "km": "ពណ៌ប្រផេះ", "id": "Abu-abu"},
    "beige": {"en": "Beige", "th": "สีเบจ", "my": "Kuning air", "km": "ពណ៌ក្រែម", "id": "Krem"},
    "brown": {"en": "Brown", "th": "สีน้ำตาล", "my": "Coklat", "km": "ពណ៌ត្នោត", "id": "Cokelat"},
    "natural": {"en": "Natural", "th": "สีธรรมชาติ", "my": "Warna asli", "km": "ពណ៌ធម្មជាតិ", "id": "Warna alami"},
    "green": {"en": "Green", "th": "สีเขียว", "my": "Hijau", "km": "ពណ៌បៃតង", "id": "Hijau"},
    "blue": {"en": "Blue", "th": "สีน้ำเงิน", "my": "Biru", "km": "ពណ៌ខៀវ", "id": "Biru"},
    "yellow": {"en": "Yellow", "th": "สีเหลือง", "my": "Kuning", "km": "ពណ៌លឿង", "id": "Kuning"},
    "pink": {"en": "Pink", "th": "สีชมพู", "my": "Merah jambu", "km": "ពណ៌ផ្កាឈូក", "id": "Merah muda"},
    "red": {"en": "Red", "th": "สีแดง", "my": "Merah", "km": "ពណ៌ក្រហម", "id": "Merah"},
}

MATERIAL_SENTENCE = {
    "teak": {
        "en": "Made from solid Thai teak, which stands up well to humidity and grows more beautiful with age.",
        "th": "ผลิตจากไม้สักทองแท้ ทนความชื้นได้ดี และยิ่งใช้นานสีไม้ยิ่งสวย",
        "my": "Diperbuat daripada kayu jati Thailand tulen yang tahan lembap dan semakin cantik dimamah usia.",
        "km": "ផលិតពីឈើម៉ៃសាក់ថៃសុទ្ធ ដែលធន់នឹងសំណើម ហើយកាន់តែប្រើយូរ កាន់តែស្អាត។",
        "id": "Terbuat dari kayu jati Thailand asli yang tahan lembap dan semakin indah seiring waktu.",
    },
    "oak": {
        "en": "The oak has a clear matt finish that shows off the natural grain.",
        "th": "ไม้โอ๊คเคลือบด้านแบบใส โชว์ลายไม้ธรรมชาติได้อย่างสวยงาม",
        "my": "Kayu oak disalut kemasan matte lutsinar yang menyerlahkan ira kayu semula jadi.",
        "km": "ឈើអូកត្រូវបានលាបថ្នាំថ្លាមិនរលោង ដែលបង្ហាញសាច់ឈើធម្មជាតិយ៉ាងស្អាត។",
        "id": "Kayu eknya diberi lapisan akhir doff bening yang menonjolkan serat kayu alaminya.",
    },
    "rubberwood": {
        "en": "Built from solid rubberwood grown on Thai plantations, a sturdy and sustainable choice.",
        "th": "ผลิตจากไม้ยางพาราแท้จากสวนในประเทศไทย แข็งแรงและเป็นมิตรกับสิ่งแวดล้อม",
        "my": "Dibina daripada kayu getah tulen dari ladang di Thailand, pilihan yang kukuh dan mesra alam.",
        "km": "ផលិតពីឈើកៅស៊ូសុទ្ធពីចម្ការក្នុងប្រទេសថៃ ដែលរឹងមាំ និងល្អចំពោះបរិស្ថាន។",
        "id": "Dibuat dari kayu karet solid dari perkebunan di Thailand, pilihan yang kokoh dan ramah lingkungan.",
    },
    "pine": {
        "en": "Solid pine keeps it light and easy to move, and the water-based lacquer is safe for the whole family.",
        "th": "ไม้สนแท้น้ำหนักเบา เคลื่อนย้ายง่าย เคลือบด้วยแลคเกอร์สูตรน้ำที่ปลอดภัยสำหรับทุกคนในบ้าน",
        "my": "Kayu pain tulen menjadikannya ringan dan mudah dialihkan, dan lakuer berasaskan air selamat untuk seisi keluarga.",
        "km": "ឈើស្រល់សុទ្ធធ្វើឱ្យវាស្រាល និងងាយផ្លាស់ទី ហើយថ្នាំលាបប្រភេទទឹកមានសុវត្ថិភាពសម្រាប់គ្រប់គ្នាក្នុងគ្រួសារ។",
        "id": "Kayu pinus solid membuatnya ringan dan mudah dipindahkan, dan pernis berbahan dasar air aman untuk seluruh keluarga.",
    },
    "rattan": {
        "en": "The rattan is hand-woven by local craftspeople; it is light, lets the air through and suits a hot, humid climate.",
        "th": "หวายสานมือโดยช่างฝีมือท้องถิ่น น้ำหนักเบา ระบายอากาศได้ดี เหมาะกับอากาศร้อนชื้นของบ้านเรา",
        "my": "Rotan dianyam dengan tangan oleh tukang tempatan; ringan, telus udara dan sesuai dengan iklim panas dan lembap.",
        "km": "ផ្ដៅត្រូវបានត្បាញដោយដៃដោយសិប្បករក្នុងស្រុក វាស្រាល ខ្យល់ចេញចូលបានល្អ និងសមស្របនឹងអាកាសធាតុក្ដៅសើម។",
        "id": "Rotannya dianyam tangan oleh perajin lokal; ringan, sirkulasi udaranya baik, dan cocok untuk iklim tropis yang panas dan lembap.",
    },
    "bamboo": {
        "en": "Bamboo grows back quickly, and it is naturally strong, light and resistant to moisture.",
        "th": "ไม้ไผ่เป็นวัสดุธรรมชาติที่เติบโตเร็ว แข็งแรง น้ำหนักเบา และทนความชื้นได้ดี",
        "my": "Buluh cepat tumbuh semula, malah secara semula jadi kuat, ringan dan tahan lembap.",
        "km": "ឫស្សីលូតលាស់លឿន ហើយវារឹងមាំ ស្រាល និងធន់នឹងសំណើមដោយធម្មជាតិ។",
        "id": "Bambu cepat tumbuh kembali, serta secara alami kuat, ringan, dan tahan lembap.",
    },
    "metal": {
        "en": "The powder-coated steel is sturdy and will not rust in a humid climate.",
        "th": "เหล็กพ่นสีฝุ่น (พาวเดอร์โค้ท) แข็งแรง ไม่เป็นสนิมแม้ในอากาศชื้น",
        "my": "Keluli bersalut serbuk yang kukuh dan tidak berkarat walaupun dalam cuaca lembap.",
        "km": "ដែកលាបថ្នាំម្សៅរឹងមាំ ហើយមិនច្រេះទេ ទោះនៅក្នុងអាកាសធាតុសើមក៏ដោយ។",
        "id": "Bajanya dilapisi cat bubuk (powder coating), kokoh dan tidak berkarat di iklim yang lembap.",
    },
    "fabric": {
        "en": "The woven fabric is soft to the touch, breathable and easy to keep clean.",
        "th": "ผ้าทอเนื้อนุ่ม ระบายอากาศได้ดี และดูแลทำความสะอาดง่าย",
        "my": "Fabrik tenunan yang lembut disentuh, telus udara dan mudah dijaga kebersihannya.",
        "km": "ក្រណាត់ត្បាញទន់ ខ្យល់ចេញចូលបាន និងងាយស្រួលថែទាំ។",
        "id": "Kain tenunnya lembut disentuh, tidak gerah, dan mudah dirawat.",
    },
    "leather": {
        "en": "Covered in genuine leather that wears in beautifully and wipes clean with a damp cloth.",
        "th": "หุ้มด้วยหนังแท้ ยิ่งใช้ยิ่งสวย และเช็ดทำความสะอาดได้ง่ายด้วยผ้าหมาด",
        "my": "Dibalut kulit tulen yang semakin cantik apabila digunakan dan mudah dilap dengan kain lembap.",
        "km": "ស្រោបដោយស្បែកពិត ដែលកាន់តែប្រើកាន់តែស្អាត ហើយអាចជូតសម្អាតដោយក្រណាត់សើមបានយ៉ាងងាយ។",
        "id": "Dilapisi kulit asli yang makin cantik seiring pemakaian dan mudah dilap dengan kain lembap.",
    },
    "velvet": {
        "en": "Soft velvet with a gentle sheen gives it a warm, luxurious feel.",
        "th": "ผ้ากำมะหยี่เนื้อนุ่ม เงางามอ่อน ๆ ให้ความรู้สึกอบอุ่นและหรูหรา",
        "my": "Baldu lembut dengan kilauan halus memberikan rasa hangat dan mewah.",
        "km": "ក្រណាត់វ៉ែលវ៉េតទន់ និងចែងចាំងស្រាលៗ ផ្ដល់អារម្មណ៍កក់ក្ដៅ និងប្រណីត។",
        "id": "Beludru lembut dengan kilau halus memberi kesan hangat dan mewah.",
    },
    "marble": {
        "en": "The top is natural marble, so every piece has its own unique veining.",
        "th": "ท็อปหินอ่อนธรรมชาติ แต่ละชิ้นจึงมีลวดลายเฉพาะตัวไม่ซ้ำกัน",
        "my": "Permukaannya daripada marmar asli, jadi setiap unit mempunyai corak urat yang tersendiri.",
        "km": "ផ្ទៃខាងលើធ្វើពីថ្មម៉ាបធម្មជាតិ ដូច្នេះដុំនីមួយៗមានលំនាំសរសៃផ្ទាល់ខ្លួនមិនដូចគ្នា។",
        "id": "Permukaannya dari marmer alami, sehingga setiap produk memiliki motif urat yang unik.",
    },
    "glass": {
        "en": "The tempered safety glass is easy to clean and makes a small room feel more open.",
        "th": "กระจกนิรภัยเทมเปอร์ ทำความสะอาดง่าย และช่วยให้ห้องเล็กดูโปร่งขึ้น",
        "my": "Kaca keselamatan terbaja mudah dibersihkan dan menjadikan bilik kecil terasa lebih lapang.",
        "km": "កញ្ចក់សុវត្ថិភាពប្រភេទរឹង ងាយស្រួលសម្អាត និងធ្វើឱ្យបន្ទប់តូចមើលទៅធំទូលាយជាងមុន។",
        "id": "Kaca tempered yang aman ini mudah dibersihkan dan membuat ruangan kecil terasa lebih lega.",
    },
    "plastic": {
        "en": "Made of tough, lightweight plastic that is easy to wipe clean.",
        "th": "ผลิตจากพลาสติกเกรดดี เหนียว ทนทาน น้ำหนักเบา เช็ดทำความสะอาดง่าย",
        "my": "Diperbuat daripada plastik yang lasak dan ringan serta mudah dilap.",
        "km": "ផលិតពីប្លាស្ទិករឹងមាំ ស្រាល និងងាយស្រួលជូតសម្អាត។",
        "id": "Terbuat dari plastik yang kuat dan ringan serta mudah dilap.",
    },
}

COLOUR_SENTENCE = {
    "white": {
        "en": "The white finish keeps the room bright and fresh.",
        "th": "สีขาวช่วยให้ห้องดูสว่างและสดชื่น",
        "my": "Warna putih menjadikan bilik kelihatan cerah dan segar.",
        "km": "ពណ៌សធ្វើឱ្យបន្ទប់មើលទៅភ្លឺ និងស្រស់ថ្លា។",
        "id": "Warna putihnya membuat ruangan tampak terang dan segar.",
    },
    "black": {
        "en": "In black, it brings a crisp, modern accent to any room.",
        "th": "สีดำดูทันสมัย ช่วยเพิ่มความโดดเด่นให้ทุกห้อง",
        "my": "Warna hitam memberikan sentuhan moden yang kemas kepada mana-mana bilik.",
        "km": "ពណ៌ខ្មៅផ្ដល់ភាពទំនើប និងលេចធ្លោដល់គ្រប់បន្ទប់។",
        "id": "Warna hitamnya memberi aksen modern yang tegas di ruangan mana pun.",
    },
    "grey": {
        "en": "The soft grey colour goes with both modern and classic interiors.",
        "th": "สีเทาโทนนุ่มเข้ากับการตกแต่งได้ทั้งสไตล์โมเดิร์นและคลาสสิก",
        "my": "Warna kelabu lembut sesuai dengan hiasan dalaman moden mahupun klasik.",
        "km": "ពណ៌ប្រផេះស្រាលសាកសមនឹងការតុបតែងទាំងបែបទំនើប និងបែបបុរាណ។",
        "id": "Warna abu-abu lembutnya serasi dengan interior modern maupun klasik.",
    },
    "beige": {
        "en": "The warm beige tone creates a calm, welcoming feel.",
        "th": "สีเบจโทนอุ่นช่วยให้บ้านดูสงบและน่าอยู่",
        "my": "Warna kuning air yang hangat mewujudkan suasana tenang dan mesra.",
        "km": "ពណ៌ក្រែមកក់ក្ដៅបង្កើតបរិយាកាសស្ងប់ស្ងាត់ និងរាក់ទាក់។",
        "id": "Nuansa krem yang hangat menciptakan suasana tenang dan ramah.",
    },
    "brown": {
        "en": "The rich brown colour adds warmth and a traditional touch.",
        "th": "สีน้ำตาลเข้มให้ความอบอุ่นและกลิ่นอายแบบไทยดั้งเดิม",
        "my": "Warna coklat pekat menambah kehangatan dan sentuhan tradisional.",
        "km": "ពណ៌ត្នោតចាស់បន្ថែមភាពកក់ក្ដៅ និងភាពជាប្រពៃណី។",
        "id": "Warna cokelat tuanya menambah kehangatan dan sentuhan tradisional.",
    },
    "natural": {
        "en": "It keeps the natural colour of the material, so no two pieces look exactly alike.",
        "th": "คงสีธรรมชาติของวัสดุไว้ แต่ละชิ้นจึงมีเสน่ห์เฉพาะตัว",
        "my": "Warna asli bahannya dikekalkan, jadi setiap unit kelihatan sedikit berbeza.",
        "km": "រក្សាពណ៌ធម្មជាតិរបស់សម្ភារៈ ដូច្នេះដុំនីមួយៗមានភាពទាក់ទាញផ្ទាល់ខ្លួន។",
        "id": "Warna alami bahannya dipertahankan, sehingga setiap produk tampil sedikit berbeda.",
    },
    "green": {
        "en": "The green colour brings a fresh touch of nature indoors.",
        "th": "สีเขียวช่วยเติมความสดชื่นเหมือนได้อยู่ใกล้ธรรมชาติ",
        "my": "Warna hijau membawa kesegaran alam semula jadi ke dalam rumah.",
        "km": "ពណ៌បៃតងនាំមកនូវភាពស្រស់ស្រាយនៃធម្មជាតិចូលក្នុងផ្ទះ។",
        "id": "Warna hijaunya menghadirkan kesegaran alam ke dalam rumah.",
    },
    "blue": {
        "en": "The deep blue colour feels cool and relaxing on hot days.",
        "th": "สีน้ำเงินให้ความรู้สึกเย็นสบายและผ่อนคลายในวันที่อากาศร้อน",
        "my": "Warna biru tua terasa sejuk dan menenangkan pada hari yang panas.",
        "km": "ពណ៌ខៀវចាស់ផ្ដល់អារម្មណ៍ត្រជាក់ និងធូរស្រាលនៅថ្ងៃក្ដៅ។",
        "id": "Warna birunya terasa sejuk dan menenangkan saat cuaca panas.",
    },
    "yellow": {
        "en": "A cheerful mustard yellow that brightens up any corner.",
        "th": "สีเหลืองมัสตาร์ดสดใส ช่วยให้ทุกมุมของบ้านดูมีชีวิตชีวา",
        "my": "Warna kuning mustard yang ceria menyerikan setiap sudut rumah.",
        "km": "ពណ៌លឿងស្រស់ស្រាយធ្វើឱ្យគ្រប់ជ្រុងនៃផ្ទះមានភាពរស់រវើក។",
        "id": "Warna kuning mustard yang ceria mempercantik setiap sudut rumah.",
    },
    "pink": {
        "en": "The soft blush pink adds a gentle, playful touch.",
        "th": "สีชมพูโทนอ่อนช่วยเพิ่มความอ่อนหวานและสดใส",
        "my": "Warna merah jambu lembut memberikan sentuhan manis dan ceria.",
        "km": "ពណ៌ផ្កាឈូកស្រាលបន្ថែមភាពទន់ភ្លន់ និងស្រស់ស្រាយ។",
        "id": "Warna merah muda yang lembut memberi sentuhan manis dan ceria.",
    },
    "red": {
        "en": "A warm red that instantly becomes the centre of attention.",
        "th": "สีแดงโทนอุ่นที่ดึงดูดสายตาได้ทันที",
        "my": "Warna merah yang hangat serta-merta menjadi tumpuan.",
        "km": "ពណ៌ក្រហមកក់ក្ដៅដែលទាក់ទាញភ្នែកភ្លាមៗ។",
        "id": "Warna merah yang hangat langsung menjadi pusat perhatian.",
    },
}

# Product lines: English (also used for my, km, id unless given) and Thai spelling.
LINES = {
    "nara": {"en": "Nara", "th": "นารา"},
    "nordic": {"en": "Nordic", "th": "นอร์ดิก"},
    "sukhothai": {"en": "Sukhothai", "th": "สุโขทัย"},
    "lanna": {"en": "Lanna", "th": "ล้านนา"},
    "chiangmai": {"en": "Chiang Mai", "th": "เชียงใหม่"},
    "ratchada": {"en": "Ratchada", "th": "รัชดา"},
    "bangrak": {"en": "Bangrak", "th": "บางรัก"},
    "ari": {"en": "Ari", "th": "อารีย์"},
    "sathorn": {"en": "Sathorn", "th": "สาทร"},
    "lumpini": {"en": "Lumpini", "th": "ลุมพินี"},
    "siam": {"en": "Siam", "th": "สยาม"},
    "loft": {"en": "Loft", "th": "ลอฟต์"},
    "mali": {"en": "Mali", "th": "มะลิ"},
    "yaowarat": {"en": "Yaowarat", "th": "เยาวราช"},
    "kanlaya": {"en": "Kanlaya", "th": "กัลยา"},
    "rin": {"en": "Rin", "th": "ริน"},
    "suan": {"en": "Suan", "th": "สวน"},
    "talad": {"en": "Talad", "th": "ตลาด"},
    "cafe": {"en": "Café", "th": "คาเฟ่"},
    "doi": {"en": "Doi", "th": "ดอย"},
    "thonglor": {"en": "Thonglor", "th": "ทองหล่อ"},
    "krua": {"en": "Krua", "th": "ครัว"},
    "silom": {"en": "Silom", "th": "สีลม"},
    "asok": {"en": "Asok", "th": "อโศก"},
    "huahin": {"en": "Hua Hin", "th": "หัวหิน"},
    "samui": {"en": "Samui", "th": "สมุย"},
    "phuket": {"en": "Phuket", "th": "ภูเก็ต"},
    "krabi": {"en": "Krabi", "th": "กระบี่"},
    "sabai": {"en": "Sabai", "th": "สบาย"},
    "angkor": {"en": "Angkor", "th": "อังกอร์", "km": "អង្គរ"},
    "mekong": {"en": "Mekong", "th": "แม่โขง", "km": "មេគង្គ"},
    "bali": {"en": "Bali", "th": "บาหลี"},
    "melaka": {"en": "Melaka", "th": "มะละกา"},
    "penang": {"en": "Penang", "th": "ปีนัง"},
    "pop": {"en": "Pop", "th": "ป๊อป"},
    "pai": {"en": "Pai", "th": "ปาย"},
    "kohchang": {"en": "Koh Chang", "th": "เกาะช้าง"},
}

# Sizes that appear in names.
SIZES = {
    "3.5ft": {"en": "3.5 ft", "th": "3.5 ฟุต", "my": "3.5 kaki", "km": "3.5 ហ្វីត", "id": "105 x 200 cm"},
    "5ft": {"en": "5 ft", "th": "5 ฟุต", "my": "5 kaki", "km": "5 ហ្វីត", "id": "150 x 200 cm"},
    "6ft": {"en": "6 ft", "th": "6 ฟุต", "my": "6 kaki", "km": "6 ហ្វីត", "id": "180 x 200 cm"},
}

# --------------------------------------------------------------------------------------
# Product kinds: the noun phrase of the name per language, the drawing, and the first
# sentence of the description. "en" may use {n}; th and km are (head, tail) joined without
# a space (Thai and Khmer write no spaces between words), my and id are (head, tail) joined
# with spaces. The material adjective goes between head and tail.
# --------------------------------------------------------------------------------------


def K(shape, en, th, my, km, id_, d, matfmt=None, **opts):
    kind = {"shape": shape, "en": en, "th": th, "my": my, "km": km, "id": id_, "d": d, "matfmt": matfmt or {}}
    kind.update(opts)
    return kind


MIRROR_FRAME = {"th": "กรอบ{m}", "my": "Berbingkai {m}", "km": "ស៊ុម{m}", "id": "Bingkai {m}"}

KINDS = {
    # ---- sofas ----
    "sofa3": K("sofa", "3-Seat Sofa", ("โซฟา", " 3 ที่นั่ง"), ("Sofa", "3 Tempat Duduk"), ("សាឡុង", " 3 កន្លែងអង្គុយ"), ("Sofa", "3 Dudukan"), {
        "en": "A roomy three-seat sofa with deep seats and soft back cushions, made for long evenings with the family.",
        "th": "โซฟา 3 ที่นั่งขนาดกว้างขวาง เบาะนั่งลึก พนักพิงนุ่มสบาย เหมาะสำหรับนั่งพักผ่อนกับครอบครัวได้ยาว ๆ",
        "my": "Sofa tiga tempat duduk yang luas dengan tempat duduk dalam dan kusyen belakang yang lembut, sesuai untuk bersantai bersama keluarga.",
        "km": "សាឡុងបីកន្លែងអង្គុយដ៏ធំទូលាយ មានកន្លែងអង្គុយជ្រៅ និងខ្នើយផ្អែកខ្នងទន់ សម្រាប់អង្គុយលំហែជាមួយក្រុមគ្រួសារបានយូរ។",
        "id": "Sofa tiga dudukan yang lapang dengan dudukan dalam dan bantal sandaran empuk, pas untuk bersantai lama bersama keluarga.",
    }, seats=3),
    "sofa2": K("sofa", "2-Seat Sofa", ("โซฟา", " 2 ที่นั่ง"), ("Sofa", "2 Tempat Duduk"), ("សាឡុង", " 2 កន្លែងអង្គុយ"), ("Sofa", "2 Dudukan"), {
        "en": "A compact two-seat sofa that fits condos and small living rooms without giving up comfort.",
        "th": "โซฟา 2 ที่นั่งขนาดกะทัดรัด วางในคอนโดหรือห้องนั่งเล่นขนาดเล็กได้พอดี แต่ยังนั่งสบายเต็มที่",
        "my": "Sofa dua tempat duduk yang padat, muat untuk kondominium dan ruang tamu kecil tanpa mengorbankan keselesaan.",
        "km": "សាឡុងពីរកន្លែងអង្គុយទំហំល្មម ដាក់បានល្អក្នុងខុនដូ ឬបន្ទប់ទទួលភ្ញៀវតូច ដោយនៅតែអង្គុយស្រួល។",
        "id": "Sofa dua dudukan yang ringkas, pas untuk apartemen dan ruang keluarga kecil tanpa mengurangi kenyamanan.",
    }, seats=2),
    "corner": K("corner", "Corner Sofa", ("โซฟาตัวแอล", ""), ("Sofa Sudut", ""), ("សាឡុងជ្រុង", ""), ("Sofa Sudut", ""), {
        "en": "An L-shaped corner sofa with a chaise end where you can stretch out your legs; the chaise can go on the left or the right.",
        "th": "โซฟาตัวแอลพร้อมเบาะยาวสำหรับยืดขา สลับวางเบาะด้านซ้ายหรือขวาได้ตามผังห้อง",
        "my": "Sofa sudut berbentuk L dengan hujung chaise untuk melunjurkan kaki; chaise boleh dipasang di kiri atau kanan.",
        "km": "សាឡុងជ្រុងរាងអក្សរ L មានផ្នែកវែងសម្រាប់លាតជើង ដែលអាចដាក់នៅខាងឆ្វេង ឬខាងស្ដាំតាមប្លង់បន្ទប់។",
        "id": "Sofa sudut berbentuk L dengan ujung chaise untuk meluruskan kaki; chaise bisa dipasang di kiri atau kanan.",
    }),
    "sofabed": K("sofabed", "Sofa Bed", ("โซฟาเบด", ""), ("Sofa Katil", ""), ("សាឡុងគ្រែ", ""), ("Sofa Ranjang", ""), {
        "en": "A sofa by day that pulls out into a comfortable bed for guests in a few seconds.",
        "th": "กลางวันเป็นโซฟา กลางคืนปรับเป็นเตียงนอนสำหรับแขกได้ในไม่กี่วินาที",
        "my": "Sofa pada waktu siang yang boleh ditarik menjadi katil yang selesa untuk tetamu dalam beberapa saat.",
        "km": "ពេលថ្ងៃជាសាឡុង ហើយអាចទាញពង្រីកជាគ្រែគេងស្រួលសម្រាប់ភ្ញៀវក្នុងរយៈពេលប៉ុន្មានវិនាទី។",
        "id": "Sofa di siang hari yang dapat ditarik menjadi tempat tidur nyaman untuk tamu hanya dalam hitungan detik.",
    }),
    "kidsofa": K("sofabed", "Kids' Sofa Bed", ("โซฟาเบดเด็ก", ""), ("Sofa Katil Kanak-kanak", ""), ("សាឡុងគ្រែកុមារ", ""), ("Sofa Ranjang Anak", ""), {
        "en": "A low, soft sofa for children that unfolds into a mattress for naps and sleepovers.",
        "th": "โซฟาเด็กทรงเตี้ยเนื้อนุ่ม กางออกเป็นที่นอนสำหรับงีบกลางวันหรือให้เพื่อน ๆ มาค้างคืนได้",
        "my": "Sofa rendah dan lembut untuk kanak-kanak yang boleh dibuka menjadi tilam untuk tidur siang atau bermalam bersama kawan.",
        "km": "សាឡុងទាប និងទន់សម្រាប់កុមារ ដែលអាចលាតចេញជាពូកសម្រាប់គេងថ្ងៃ ឬពេលមិត្តភក្ដិមកស្នាក់នៅ។",
        "id": "Sofa rendah dan empuk untuk anak-anak yang bisa dibuka menjadi kasur untuk tidur siang atau menginap bersama teman.",
    }),
    "armchair": K("armchair", "Armchair Sofa", ("โซฟาอาร์มแชร์", ""), ("Kerusi Sofa", ""), ("កៅអីសាឡុង", ""), ("Kursi Sofa", ""), {
        "en": "A one-seat sofa with wide arms, perfect for a reading corner or next to a larger sofa.",
        "th": "โซฟาอาร์มแชร์ 1 ที่นั่ง ท้าวแขนกว้าง เหมาะกับมุมอ่านหนังสือหรือวางคู่กับโซฟาตัวใหญ่",
        "my": "Sofa satu tempat duduk dengan tempat letak tangan yang lebar, sesuai untuk sudut membaca atau di sebelah sofa besar.",
        "km": "កៅអីសាឡុងមួយកន្លែងអង្គុយ មានដៃផ្អែកធំទូលាយ ល្អសម្រាប់ជ្រុងអានសៀវភៅ ឬដាក់ក្បែរសាឡុងធំ។",
        "id": "Sofa satu dudukan dengan sandaran tangan lebar, cocok untuk sudut baca atau di samping sofa yang lebih besar.",
    }),
    "wingback": K("wingback", "Wingback Armchair Sofa", ("โซฟาอาร์มแชร์", "ทรงปีก"), ("Kerusi Sofa Sayap", ""), ("កៅអីសាឡុង", "ខ្នងខ្ពស់"), ("Kursi Sofa Sayap", ""), {
        "en": "A one-seat sofa with a high wingback that supports your head and shoulders.",
        "th": "โซฟา 1 ที่นั่งพนักพิงสูงทรงปีก รองรับศีรษะและไหล่ได้ดี นั่งอ่านหนังสือได้นานไม่เมื่อย",
        "my": "Sofa satu tempat duduk dengan sandaran tinggi bersayap yang menyokong kepala dan bahu.",
        "km": "កៅអីសាឡុងមួយកន្លែងអង្គុយ ខ្នងខ្ពស់មានស្លាប ទ្រក្បាល និងស្មាបានល្អ។",
        "id": "Sofa satu dudukan dengan sandaran tinggi bersayap yang menopang kepala dan bahu.",
    }),
    # ---- beds ----
    "bed": K("bed", "Bed", ("เตียงนอน", ""), ("Katil", ""), ("គ្រែ", ""), ("Tempat Tidur", ""), {
        "en": "A solid bed frame with a sturdy headboard and a slatted base that lets the mattress breathe; the mattress is sold separately.",
        "th": "โครงเตียงแข็งแรง หัวเตียงทรงสวย พื้นเตียงแบบระแนงช่วยให้ที่นอนระบายอากาศได้ดี (ไม่รวมที่นอน)",
        "my": "Rangka katil yang kukuh dengan kepala katil yang teguh dan tapak berpalang yang membolehkan tilam bernafas; tilam dijual berasingan.",
        "km": "គ្រោងគ្រែរឹងមាំ ក្បាលគ្រែស្អាត និងបាតគ្រែជារនាប ដែលឱ្យពូកមានខ្យល់ចេញចូលបាន (មិនរួមពូក)។",
        "id": "Rangka tempat tidur yang kokoh dengan headboard yang kuat dan alas bilah kayu agar kasur tetap berangin; kasur dijual terpisah.",
    }),
    "steelbed": K("steelbed", "Bed", ("เตียงนอน", ""), ("Katil", ""), ("គ្រែ", ""), ("Tempat Tidur", ""), {
        "en": "A slim, industrial-style bed frame that is quick to assemble and leaves room for storage boxes underneath.",
        "th": "โครงเตียงดีไซน์ลอฟต์ ประกอบง่าย ใต้เตียงโปร่ง วางกล่องเก็บของได้",
        "my": "Rangka katil bergaya industri yang ramping, mudah dipasang dan ada ruang untuk kotak simpanan di bawahnya.",
        "km": "គ្រោងគ្រែស្ដើងបែបឧស្សាហកម្ម ដំឡើងបានលឿន ហើយមានចន្លោះនៅក្រោមសម្រាប់ដាក់ប្រអប់ឥវ៉ាន់។",
        "id": "Rangka tempat tidur ramping bergaya industrial yang cepat dirakit dan menyisakan ruang untuk kotak penyimpanan di bawahnya.",
    }),
    "singlebed": K("bed", "Single Bed", ("เตียงเดี่ยว", ""), ("Katil Bujang", ""), ("គ្រែមួយនាក់", ""), ("Tempat Tidur Tunggal", ""), {
        "en": "A single bed for a guest room or a teenager's room, with a clean, simple headboard.",
        "th": "เตียงเดี่ยวสำหรับห้องนอนแขกหรือห้องลูกวัยรุ่น หัวเตียงดีไซน์เรียบง่าย",
        "my": "Katil bujang untuk bilik tetamu atau bilik remaja, dengan kepala katil yang ringkas dan kemas.",
        "km": "គ្រែមួយនាក់សម្រាប់បន្ទប់ភ្ញៀវ ឬបន្ទប់ក្មេងជំទង់ ក្បាលគ្រែរចនាសាមញ្ញ។",
        "id": "Tempat tidur tunggal untuk kamar tamu atau kamar remaja, dengan headboard yang simpel dan rapi.",
    }),
    "kidbed": K("kidbed", "Kids' Bed", ("เตียงเด็ก", ""), ("Katil Kanak-kanak", ""), ("គ្រែកុមារ", ""), ("Tempat Tidur Anak", ""), {
        "en": "A low bed with rounded corners and a safety rail, so little ones can climb in and out on their own.",
        "th": "เตียงเด็กทรงเตี้ย มุมโค้งมน มีราวกันตก ให้ลูกน้อยขึ้นลงเตียงได้เองอย่างปลอดภัย",
        "my": "Katil rendah dengan bucu bulat dan rel keselamatan supaya si kecil boleh naik dan turun sendiri.",
        "km": "គ្រែទាបមានជ្រុងមូល និងរបាំងការពារ ដើម្បីឱ្យកូនតូចអាចឡើងចុះដោយខ្លួនឯងដោយសុវត្ថិភាព។",
        "id": "Tempat tidur rendah dengan sudut membulat dan pagar pengaman, sehingga si kecil bisa naik dan turun sendiri.",
    }),
    "daybed": K("daybed", "Daybed", ("เตียงเดย์เบด", ""), ("Katil Rehat", ""), ("គ្រែសម្រាក", ""), ("Ranjang Santai", ""), {
        "en": "A daybed that works as a sofa during the day and a single bed at night.",
        "th": "เตียงเดย์เบดใช้เป็นโซฟานั่งเล่นในตอนกลางวัน และเป็นเตียงเดี่ยวในตอนกลางคืน",
        "my": "Katil rehat yang berfungsi sebagai sofa pada waktu siang dan katil bujang pada waktu malam.",
        "km": "គ្រែសម្រាកដែលប្រើជាកន្លែងអង្គុយពេលថ្ងៃ និងជាគ្រែមួយនាក់ពេលយប់។",
        "id": "Ranjang santai yang berfungsi sebagai sofa di siang hari dan tempat tidur tunggal di malam hari.",
    }),
    "bunk": K("bunk", "Bunk Bed", ("เตียง 2 ชั้น", ""), ("Katil Dua Tingkat", ""), ("គ្រែពីរជាន់", ""), ("Ranjang Susun", ""), {
        "en": "A bunk bed with a sturdy ladder and high guard rails that sleeps two children in the space of one.",
        "th": "เตียง 2 ชั้นพร้อมบันไดแข็งแรงและราวกันตกสูง นอนได้ 2 คนในพื้นที่เท่าเตียงเดียว",
        "my": "Katil dua tingkat dengan tangga yang kukuh dan rel pengadang tinggi, memuatkan dua orang kanak-kanak dalam ruang satu katil.",
        "km": "គ្រែពីរជាន់មានជណ្ដើររឹងមាំ និងរបាំងការពារខ្ពស់ ដែលកុមារពីរនាក់អាចគេងបានក្នុងទំហំកន្លែងគ្រែតែមួយ។",
        "id": "Ranjang susun dengan tangga kokoh dan pagar pengaman tinggi, muat untuk dua anak di ruang seukuran satu tempat tidur.",
    }),
    "loftbed": K("loftbed", "Loft Bed with Desk", ("เตียงสูง", " พร้อมโต๊ะเขียนหนังสือ"), ("Katil Loteng", "dengan Meja"), ("គ្រែខ្ពស់", " មានតុរៀន"), ("Ranjang Loteng", "dengan Meja Belajar"), {
        "en": "A raised bed with a built-in desk and shelf underneath, a smart way to gain space in a small bedroom.",
        "th": "เตียงยกสูงพร้อมโต๊ะเขียนหนังสือและชั้นวางด้านล่าง ช่วยประหยัดพื้นที่ในห้องนอนขนาดเล็ก",
        "my": "Katil tinggi dengan meja dan rak terbina di bawahnya, cara bijak menjimatkan ruang dalam bilik tidur kecil.",
        "km": "គ្រែលើកខ្ពស់ មានតុរៀន និងធ្នើនៅខាងក្រោម ជាវិធីឆ្លាតវៃសន្សំកន្លែងក្នុងបន្ទប់គេងតូច។",
        "id": "Ranjang tinggi dengan meja belajar dan rak di bawahnya, cara cerdas menghemat ruang di kamar tidur kecil.",
    }),
    "mattress_spring": K("mattress", "Pocket-Spring Mattress", ("ที่นอนพ็อกเก็ตสปริง", ""), ("Tilam Spring Poket", ""), ("ពូកស្ព្រីង", ""), ("Kasur Pocket Spring", ""), {
        "en": "Individually wrapped springs support every part of your body and stop you from feeling your partner move.",
        "th": "สปริงห่อแยกทีละตัว รองรับทุกสัดส่วนของร่างกาย และลดแรงสั่นสะเทือนเมื่อคนข้าง ๆ พลิกตัว",
        "my": "Spring yang dibalut satu per satu menyokong setiap bahagian badan dan mengurangkan gegaran apabila pasangan anda bergerak.",
        "km": "ស្ព្រីងរុំដាច់ៗពីគ្នាទ្រគ្រប់ផ្នែកនៃរាងកាយ និងកាត់បន្ថយការរំញ័រពេលអ្នកគេងក្បែរកម្រើកខ្លួន។",
        "id": "Pegas yang dibungkus satu per satu menopang setiap bagian tubuh dan meredam gerakan pasangan tidur Anda.",
    }),
    "mattress_latex": K("mattress", "Natural Latex Mattress", ("ที่นอนยางพาราแท้", ""), ("Tilam Lateks Asli", ""), ("ពូកកៅស៊ូធម្មជាតិ", ""), ("Kasur Lateks Alami", ""), {
        "en": "Natural latex from Thai rubber trees gives firm, springy support and stays cool through the night.",
        "th": "ยางพาราแท้จากสวนยางไทย รองรับสรีระได้ดี คืนตัวเร็ว และนอนเย็นสบายตลอดคืน",
        "my": "Lateks asli daripada pokok getah Thailand memberikan sokongan yang padat dan anjal serta kekal sejuk sepanjang malam.",
        "km": "កៅស៊ូធម្មជាតិពីដើមកៅស៊ូថៃ ទ្រខ្លួនបានល្អ យឺតត្រឡប់រូបរាងវិញលឿន និងត្រជាក់ពេញមួយយប់។",
        "id": "Lateks alami dari pohon karet Thailand memberi topangan yang padat dan kenyal serta tetap sejuk sepanjang malam.",
    }),
    "mattress_foam": K("mattress", "Foam Mattress", ("ที่นอนโฟม", ""), ("Tilam Busa", ""), ("ពូកស្ពុង", ""), ("Kasur Busa", ""), {
        "en": "A light foam mattress with a removable, washable cover, ideal for a child's first bed.",
        "th": "ที่นอนโฟมน้ำหนักเบา ปลอกถอดซักได้ เหมาะสำหรับเตียงแรกของลูก",
        "my": "Tilam busa yang ringan dengan sarung boleh tanggal dan dibasuh, sesuai untuk katil pertama anak.",
        "km": "ពូកស្ពុងស្រាល មានស្រោបដែលអាចដោះបោកបាន ល្អសម្រាប់គ្រែដំបូងរបស់កូន។",
        "id": "Kasur busa ringan dengan sarung yang bisa dilepas dan dicuci, ideal untuk tempat tidur pertama si kecil.",
    }),
    # ---- tables ----
    "dining": K("dining", "Dining Table for {n}", ("โต๊ะอาหาร", " {n} ที่นั่ง"), ("Meja Makan", "{n} Tempat Duduk"), ("តុបាយ", " {n} កន្លែង"), ("Meja Makan", "{n} Kursi"), {
        "en": "A generous dining table with room for the whole family at dinner and for homework afterwards.",
        "th": "โต๊ะอาหารขนาดกว้าง นั่งทานข้าวพร้อมหน้ากันทั้งครอบครัว และใช้เป็นโต๊ะทำการบ้านหลังมื้ออาหารได้ด้วย",
        "my": "Meja makan yang luas untuk seisi keluarga makan bersama, dan untuk membuat kerja sekolah selepas itu.",
        "km": "តុបាយធំទូលាយ សម្រាប់ក្រុមគ្រួសារទាំងមូលញ៉ាំអាហារជុំគ្នា និងធ្វើកិច្ចការសាលាក្រោយពេលបាយ។",
        "id": "Meja makan yang lapang untuk seluruh keluarga makan bersama, sekaligus untuk mengerjakan PR setelahnya.",
    }),
    "rounddining": K("rounddining", "Round Dining Table", ("โต๊ะอาหารทรงกลม", ""), ("Meja Makan Bulat", ""), ("តុបាយរាងមូល", ""), ("Meja Makan Bundar", ""), {
        "en": "A round table seats four comfortably, everyone can see each other, and there are no sharp corners.",
        "th": "โต๊ะอาหารทรงกลมนั่งได้ 4 คนสบาย ๆ ทุกคนหันหน้าคุยกันได้ และไม่มีมุมแหลม",
        "my": "Meja bulat memuatkan empat orang dengan selesa, semua orang boleh bersemuka, dan tiada bucu tajam.",
        "km": "តុរាងមូលអង្គុយបានបួននាក់យ៉ាងស្រួល អ្នកទាំងអស់អាចមើលមុខគ្នាបាន ហើយគ្មានជ្រុងមុតស្រួច។",
        "id": "Meja bundar muat untuk empat orang dengan nyaman, semua bisa saling bertatap muka, dan tanpa sudut tajam.",
    }),
    "bistro": K("bistro", "Bistro Table", ("โต๊ะกลมขาเดี่ยว", ""), ("Meja Bistro", ""), ("តុកាហ្វេតូច", ""), ("Meja Bistro", ""), {
        "en": "A small round table on a single leg for morning coffee in the kitchen or on the balcony.",
        "th": "โต๊ะกลมขาเดี่ยวขนาดเล็ก สำหรับจิบกาแฟยามเช้าในครัวหรือที่ระเบียง",
        "my": "Meja bulat kecil berkaki tunggal untuk minum kopi pagi di dapur atau di balkoni.",
        "km": "តុមូលតូចជើងតែមួយ សម្រាប់ផឹកកាហ្វេពេលព្រឹកក្នុងផ្ទះបាយ ឬនៅយ៉រ។",
        "id": "Meja bundar kecil berkaki tunggal untuk menikmati kopi pagi di dapur atau di balkon.",
    }),
    "coffee": K("coffee", "Coffee Table", ("โต๊ะกลาง", ""), ("Meja Kopi", ""), ("តុកាហ្វេ", ""), ("Meja Tamu", ""), {
        "en": "A low coffee table with a handy lower shelf for magazines and the TV remote.",
        "th": "โต๊ะกลางทรงเตี้ย มีชั้นล่างสำหรับวางนิตยสารและรีโมตทีวี",
        "my": "Meja kopi rendah dengan rak bawah yang praktikal untuk majalah dan alat kawalan jauh TV.",
        "km": "តុកាហ្វេទាប មានធ្នើខាងក្រោមងាយស្រួលសម្រាប់ដាក់ទស្សនាវដ្ដី និងរ៉ឺម៉ូតទូរទស្សន៍។",
        "id": "Meja tamu rendah dengan rak bawah yang praktis untuk majalah dan remote TV.",
    }),
    "roundcoffee": K("roundcoffee", "Round Coffee Table", ("โต๊ะกลางทรงกลม", ""), ("Meja Kopi Bulat", ""), ("តុកាហ្វេរាងមូល", ""), ("Meja Tamu Bundar", ""), {
        "en": "A round coffee table with soft edges that is easy to walk around in a busy living room.",
        "th": "โต๊ะกลางทรงกลมขอบมน เดินผ่านได้สะดวก ไม่ชนมุมโต๊ะ",
        "my": "Meja kopi bulat dengan tepi lembut yang mudah dilalui di ruang tamu yang sibuk.",
        "km": "តុកាហ្វេរាងមូលមានគែមរលោង ងាយដើរជុំវិញក្នុងបន្ទប់ទទួលភ្ញៀវ។",
        "id": "Meja tamu bundar dengan tepi membulat yang mudah dilewati di ruang keluarga yang ramai.",
    }),
    "side": K("side", "Side Table", ("โต๊ะข้าง", ""), ("Meja Sisi", ""), ("តុចំហៀង", ""), ("Meja Samping", ""), {
        "en": "A small side table for a lamp, a cup of tea or a book next to the sofa.",
        "th": "โต๊ะข้างขนาดเล็กสำหรับวางโคมไฟ แก้วชา หรือหนังสือข้างโซฟา",
        "my": "Meja sisi kecil untuk lampu, secawan teh atau buku di sebelah sofa.",
        "km": "តុចំហៀងតូចសម្រាប់ដាក់ចង្កៀង តែមួយពែង ឬសៀវភៅនៅក្បែរសាឡុង។",
        "id": "Meja samping kecil untuk lampu, secangkir teh, atau buku di sebelah sofa.",
    }),
    "roundside": K("roundside", "Side Table", ("โต๊ะข้าง", ""), ("Meja Sisi", ""), ("តុចំហៀង", ""), ("Meja Samping", ""), {
        "en": "A round side table on a slim base, easy to move wherever you need a surface.",
        "th": "โต๊ะข้างทรงกลมฐานเพรียว ยกย้ายไปวางตรงไหนก็ได้ตามต้องการ",
        "my": "Meja sisi bulat dengan tapak ramping, mudah dialihkan ke mana-mana sahaja.",
        "km": "តុចំហៀងរាងមូលមានជើងស្ដើង ងាយលើកដាក់គ្រប់កន្លែងដែលត្រូវការ។",
        "id": "Meja samping bundar dengan kaki ramping, mudah dipindahkan ke mana pun Anda perlukan.",
    }),
    "bedside": K("bedside", "Bedside Table", ("โต๊ะข้างเตียง", ""), ("Meja Sisi Katil", ""), ("តុក្បាលគ្រែ", ""), ("Nakas", ""), {
        "en": "A bedside table with a drawer for your phone charger and an open shelf below.",
        "th": "โต๊ะข้างเตียงพร้อมลิ้นชักสำหรับเก็บสายชาร์จโทรศัพท์ และชั้นโล่งด้านล่าง",
        "my": "Meja sisi katil dengan laci untuk pengecas telefon dan rak terbuka di bawah.",
        "km": "តុក្បាលគ្រែមានថតសម្រាប់ដាក់ខ្សែសាកទូរសព្ទ និងធ្នើចំហនៅខាងក្រោម។",
        "id": "Nakas dengan laci untuk pengisi daya ponsel dan rak terbuka di bawahnya.",
    }),
    "dressing": K("dressing", "Dressing Table with Mirror", ("โต๊ะเครื่องแป้ง", " พร้อมกระจก"), ("Meja Solek", "dengan Cermin"), ("តុតុបតែងខ្លួន", " មានកញ្ចក់"), ("Meja Rias", "dengan Cermin"), {
        "en": "A dressing table with a large mirror and drawers that keep make-up and jewellery tidy.",
        "th": "โต๊ะเครื่องแป้งพร้อมกระจกบานใหญ่ และลิ้นชักเก็บเครื่องสำอางกับเครื่องประดับให้เป็นระเบียบ",
        "my": "Meja solek dengan cermin besar dan laci untuk menyusun alat solek dan barang kemas dengan kemas.",
        "km": "តុតុបតែងខ្លួនមានកញ្ចក់ធំ និងថតសម្រាប់រៀបចំគ្រឿងសម្អាង និងគ្រឿងអលង្ការឱ្យមានរបៀប។",
        "id": "Meja rias dengan cermin besar dan laci yang menjaga kosmetik dan perhiasan tetap rapi.",
    }),
    # ---- chairs ----
    "diningchair": K("chair", "Dining Chair", ("เก้าอี้ทานอาหาร", ""), ("Kerusi Makan", ""), ("កៅអីតុបាយ", ""), ("Kursi Makan", ""), {
        "en": "A dining chair with a gently curved back that keeps you comfortable through long family meals.",
        "th": "เก้าอี้ทานอาหารพนักพิงโค้งรับแผ่นหลัง นั่งสบายแม้มื้อครอบครัวจะยาวนาน",
        "my": "Kerusi makan dengan sandaran melengkung lembut yang selesa sepanjang hidangan keluarga.",
        "km": "កៅអីតុបាយមានខ្នងកោងស្រាល ដែលធ្វើឱ្យអង្គុយស្រួលពេញមួយពេលបាយជាមួយគ្រួសារ។",
        "id": "Kursi makan dengan sandaran melengkung lembut yang tetap nyaman selama makan bersama keluarga.",
    }),
    "barstool": K("barstool", "Bar Stool", ("เก้าอี้บาร์", ""), ("Kerusi Bar", ""), ("កៅអីបារ", ""), ("Kursi Bar", ""), {
        "en": "A counter-height bar stool with a footrest, for kitchen islands and home bars.",
        "th": "เก้าอี้บาร์ความสูงระดับเคาน์เตอร์ พร้อมที่พักเท้า สำหรับเคาน์เตอร์ครัวและมุมบาร์ในบ้าน",
        "my": "Kerusi bar setinggi kaunter dengan tempat letak kaki, untuk pulau dapur dan bar di rumah.",
        "km": "កៅអីបារកម្ពស់ល្មមនឹងបញ្ជរ មានកន្លែងដាក់ជើង សម្រាប់បញ្ជរផ្ទះបាយ និងកន្លែងបារក្នុងផ្ទះ។",
        "id": "Kursi bar setinggi meja konter dengan pijakan kaki, untuk kitchen island dan mini bar di rumah.",
    }),
    "stool": K("stool", "Stool", ("เก้าอี้สตูล", ""), ("Bangku", ""), ("កៅអីខ្លី", ""), ("Bangku", ""), {
        "en": "A simple, sturdy stool that doubles as an extra seat, a plant stand or a bedside table.",
        "th": "เก้าอี้สตูลเรียบง่าย แข็งแรง ใช้เป็นที่นั่งเสริม ที่วางกระถางต้นไม้ หรือโต๊ะข้างเตียงก็ได้",
        "my": "Bangku ringkas dan kukuh yang boleh dijadikan tempat duduk tambahan, tempat letak pasu atau meja sisi katil.",
        "km": "កៅអីខ្លីសាមញ្ញ និងរឹងមាំ ដែលអាចប្រើជាកៅអីបន្ថែម កន្លែងដាក់ផើងផ្កា ឬតុក្បាលគ្រែ។",
        "id": "Bangku sederhana dan kokoh yang bisa menjadi kursi tambahan, tempat pot tanaman, atau meja samping tempat tidur.",
    }),
    "bench": K("bench", "Bench", ("ม้านั่ง", ""), ("Bangku Panjang", ""), ("កៅអីវែង", ""), ("Bangku Panjang", ""), {
        "en": "A long bench that seats two or three at the dining table or welcomes guests in the hallway.",
        "th": "ม้านั่งยาวนั่งได้ 2–3 คน ใช้คู่กับโต๊ะอาหารหรือวางบริเวณทางเข้าบ้านก็ได้",
        "my": "Bangku panjang untuk dua atau tiga orang di meja makan atau untuk menyambut tetamu di laluan masuk.",
        "km": "កៅអីវែងអង្គុយបានពីរ ឬបីនាក់ នៅតុបាយ ឬដាក់ទទួលភ្ញៀវនៅច្រកចូលផ្ទះ។",
        "id": "Bangku panjang untuk dua atau tiga orang di meja makan, atau untuk menyambut tamu di area pintu masuk.",
    }),
    "pouf": K("pouf", "Round Stool", ("สตูล", "ทรงกลม"), ("Bangku Bulat", ""), ("កៅអីខ្លី", "រាងមូល"), ("Bangku Bundar", ""), {
        "en": "A round stool that works as a footrest, an extra seat or a small side table.",
        "th": "สตูลทรงกลม ใช้เป็นที่วางเท้า ที่นั่งเสริม หรือโต๊ะข้างขนาดเล็กก็ได้",
        "my": "Bangku bulat yang boleh dijadikan tempat letak kaki, tempat duduk tambahan atau meja sisi kecil.",
        "km": "កៅអីខ្លីរាងមូល ប្រើជាកន្លែងដាក់ជើង កៅអីបន្ថែម ឬតុចំហៀងតូចក៏បាន។",
        "id": "Bangku bundar yang bisa dipakai sebagai pijakan kaki, kursi tambahan, atau meja samping kecil.",
    }),
    "kidstool": K("kidstool", "Kids' Stool", ("เก้าอี้สตูลเด็ก", ""), ("Bangku Kanak-kanak", ""), ("កៅអីខ្លីកុមារ", ""), ("Bangku Anak", ""), {
        "en": "A light, stackable stool in a child's height for drawing, playing and reaching the basin.",
        "th": "เก้าอี้สตูลเด็กน้ำหนักเบา วางซ้อนกันได้ ความสูงพอดีสำหรับนั่งวาดรูป เล่น และยืนเหยียบล้างมือ",
        "my": "Bangku ringan yang boleh disusun, setinggi kanak-kanak untuk melukis, bermain dan mencapai sinki.",
        "km": "កៅអីខ្លីស្រាលដែលអាចដាក់ត្រួតគ្នាបាន កម្ពស់ល្មមកុមារ សម្រាប់គូររូប លេង និងឈរលាងដៃ។",
        "id": "Bangku ringan yang bisa ditumpuk, setinggi anak-anak untuk menggambar, bermain, dan menjangkau wastafel.",
    }),
    "bathstool": K("stool", "Shower Stool", ("เก้าอี้นั่งอาบน้ำ", ""), ("Bangku Bilik Mandi", ""), ("កៅអីខ្លីបន្ទប់ទឹក", ""), ("Bangku Kamar Mandi", ""), {
        "en": "A small slatted stool for the shower that lets water run straight through and dries quickly.",
        "th": "เก้าอี้นั่งอาบน้ำแบบระแนง น้ำไหลผ่านได้ทันที แห้งเร็ว ไม่อับชื้น",
        "my": "Bangku kecil berpalang untuk bilik mandi yang membolehkan air mengalir terus dan cepat kering.",
        "km": "កៅអីខ្លីបន្ទប់ទឹកជារនាប ដែលទឹកហូរចេញភ្លាម និងស្ងួតលឿន។",
        "id": "Bangku kecil berbilah untuk kamar mandi yang membuat air langsung mengalir dan cepat kering.",
    }),
    "hallbench": K("hallbench", "Shoe Bench", ("ม้านั่งเก็บรองเท้า", ""), ("Bangku Kasut", ""), ("កៅអីវែងដាក់ស្បែកជើង", ""), ("Bangku Sepatu", ""), {
        "en": "A padded bench for putting on your shoes, with a shelf below for the pairs you wear every day.",
        "th": "ม้านั่งเบาะนุ่มสำหรับนั่งใส่รองเท้า พร้อมชั้นด้านล่างสำหรับวางรองเท้าคู่ที่ใส่ประจำ",
        "my": "Bangku berkusyen untuk memakai kasut, dengan rak di bawah untuk kasut yang dipakai setiap hari.",
        "km": "កៅអីវែងមានខ្នើយសម្រាប់អង្គុយពាក់ស្បែកជើង និងធ្នើខាងក្រោមសម្រាប់ស្បែកជើងដែលពាក់រាល់ថ្ងៃ។",
        "id": "Bangku berbantalan untuk memakai sepatu, dengan rak di bawahnya untuk sepatu yang dipakai sehari-hari.",
    }),
    # ---- storage ----
    "wardrobe": K("wardrobe", "{n}-Door Wardrobe", ("ตู้เสื้อผ้า", " {n} บาน"), ("Almari Pakaian", "{n} Pintu"), ("ទូខោអាវ", " {n} ទ្វារ"), ("Lemari Pakaian", "{n} Pintu"), {
        "en": "A wardrobe with a long hanging rail, adjustable shelves and soft-close hinges.",
        "th": "ตู้เสื้อผ้าพร้อมราวแขวนยาว ชั้นวางปรับระดับได้ และบานพับแบบปิดนุ่มนวล",
        "my": "Almari pakaian dengan rel gantung panjang, rak boleh laras dan engsel tutup perlahan.",
        "km": "ទូខោអាវមានដងព្យួរវែង ធ្នើដែលអាចកែកម្ពស់បាន និងហ្វាស់ទ្វារបិទថ្នមៗ។",
        "id": "Lemari pakaian dengan gantungan panjang, rak yang bisa diatur, dan engsel soft-close.",
    }),
    "wardrobe_mirror": K("wardrobe", "{n}-Door Wardrobe with Mirror", ("ตู้เสื้อผ้า", " {n} บาน พร้อมกระจก"), ("Almari Pakaian", "{n} Pintu dengan Cermin"), ("ទូខោអាវ", " {n} ទ្វារ មានកញ្ចក់"), ("Lemari Pakaian", "{n} Pintu dengan Cermin"), {
        "en": "A wardrobe with a full-length mirror on the middle door, a hanging rail and plenty of shelf space.",
        "th": "ตู้เสื้อผ้าพร้อมกระจกส่องเต็มตัวที่บานกลาง มีราวแขวนและชั้นวางของเหลือเฟือ",
        "my": "Almari pakaian dengan cermin panjang pada pintu tengah, rel gantung dan banyak ruang rak.",
        "km": "ទូខោអាវមានកញ្ចក់ឆ្លុះពេញខ្លួននៅទ្វារកណ្ដាល ដងព្យួរ និងធ្នើច្រើន។",
        "id": "Lemari pakaian dengan cermin seluruh badan di pintu tengah, gantungan baju, dan banyak ruang rak.",
    }),
    "wardrobe_sliding": K("wardrobe", "Sliding Door Wardrobe", ("ตู้เสื้อผ้าบานเลื่อน", ""), ("Almari Pakaian Pintu Gelongsor", ""), ("ទូខោអាវទ្វាររអិល", ""), ("Lemari Pakaian Pintu Geser", ""), {
        "en": "Sliding doors need no space to open, so this wardrobe fits even narrow bedrooms.",
        "th": "ตู้เสื้อผ้าบานเลื่อน ไม่ต้องเผื่อพื้นที่เปิดบาน วางได้แม้ในห้องนอนแคบ",
        "my": "Pintu gelongsor tidak memerlukan ruang untuk dibuka, jadi almari ini muat walaupun dalam bilik tidur yang sempit.",
        "km": "ទ្វាររអិលមិនត្រូវការកន្លែងបើក ដូច្នេះទូនេះដាក់បានសូម្បីតែក្នុងបន្ទប់គេងចង្អៀត។",
        "id": "Pintu geser tidak butuh ruang untuk dibuka, jadi lemari ini muat bahkan di kamar tidur yang sempit.",
    }, sliding=True),
    "kidwardrobe": K("wardrobe", "Kids' Wardrobe", ("ตู้เสื้อผ้าเด็ก", ""), ("Almari Pakaian Kanak-kanak", ""), ("ទូខោអាវកុមារ", ""), ("Lemari Pakaian Anak", ""), {
        "en": "A child-height wardrobe with a low rail and drawers, so children can learn to put their clothes away.",
        "th": "ตู้เสื้อผ้าเด็กความสูงพอดีกับเด็ก ราวแขวนต่ำและมีลิ้นชัก ช่วยฝึกให้ลูกเก็บเสื้อผ้าเอง",
        "my": "Almari setinggi kanak-kanak dengan rel rendah dan laci, supaya anak-anak belajar menyimpan pakaian sendiri.",
        "km": "ទូខោអាវកម្ពស់ល្មមកុមារ មានដងព្យួរទាប និងថត ដើម្បីឱ្យកូនៗរៀនរៀបចំខោអាវដោយខ្លួនឯង។",
        "id": "Lemari setinggi anak dengan gantungan rendah dan laci, agar anak belajar merapikan bajunya sendiri.",
    }, kids=True),
    "drawers": K("drawers", "Chest of {n} Drawers", ("ตู้ลิ้นชัก", " {n} ชั้น"), ("Almari Laci", "{n} Tingkat"), ("ទូថត", " {n} ជាន់"), ("Lemari Laci", "{n} Susun"), {
        "en": "Deep drawers on smooth runners hold folded clothes, bed linen and everything in between.",
        "th": "ลิ้นชักลึก รางลื่นเปิดปิดง่าย เก็บเสื้อผ้าพับ ผ้าปูที่นอน และของใช้จิปาถะได้เยอะ",
        "my": "Laci dalam dengan landasan licin untuk menyimpan pakaian berlipat, cadar dan pelbagai barang.",
        "km": "ថតជ្រៅមានផ្លូវរអិលរលូន សម្រាប់ទុកខោអាវបត់ ក្រណាត់ពូក និងរបស់របរផ្សេងៗ។",
        "id": "Laci dalam dengan rel yang halus untuk menyimpan pakaian terlipat, sprei, dan berbagai barang lainnya.",
    }),
    "kidsdrawers": K("drawers", "Kids' Chest of {n} Drawers", ("ตู้ลิ้นชักเด็ก", " {n} ชั้น"), ("Almari Laci Kanak-kanak", "{n} Tingkat"), ("ទូថតកុមារ", " {n} ជាន់"), ("Lemari Laci Anak", "{n} Susun"), {
        "en": "Light drawers with rounded handles that small hands can open, for toys, clothes and art supplies.",
        "th": "ลิ้นชักน้ำหนักเบา มือจับโค้งมนที่เด็กเปิดเองได้ เก็บของเล่น เสื้อผ้า และอุปกรณ์ศิลปะ",
        "my": "Laci ringan dengan pemegang bulat yang mudah dibuka oleh tangan kecil, untuk mainan, pakaian dan alat lukisan.",
        "km": "ថតស្រាលមានដៃកាន់មូលដែលដៃតូចៗអាចបើកបាន សម្រាប់ទុកប្រដាប់ក្មេងលេង ខោអាវ និងសម្ភារៈគំនូរ។",
        "id": "Laci ringan dengan pegangan bulat yang mudah dibuka tangan mungil, untuk mainan, baju, dan perlengkapan menggambar.",
    }, kids=True),
    "bookcase": K("bookcase", "Bookcase", ("ชั้นวางหนังสือ", ""), ("Rak Buku", ""), ("ធ្នើសៀវភៅ", ""), ("Rak Buku", ""), {
        "en": "A tall bookcase with five shelves for books, photos and plants; wall fixings are included.",
        "th": "ชั้นวางหนังสือทรงสูง 5 ชั้น วางหนังสือ กรอบรูป และต้นไม้ได้ พร้อมอุปกรณ์ยึดผนัง",
        "my": "Rak buku tinggi dengan lima tingkat untuk buku, gambar dan tumbuhan; alat pemasangan dinding disertakan.",
        "km": "ធ្នើសៀវភៅខ្ពស់មានប្រាំជាន់ សម្រាប់ដាក់សៀវភៅ រូបថត និងកូនឈើ មានឧបករណ៍ភ្ជាប់ជញ្ជាំងជាមួយ។",
        "id": "Rak buku tinggi dengan lima susun untuk buku, foto, dan tanaman; perlengkapan pemasangan ke dinding sudah termasuk.",
    }),
    "ladder": K("ladder", "Ladder Shelf", ("ชั้นวางของ", "ทรงบันได"), ("Rak", "Berbentuk Tangga"), ("ធ្នើ", "រាងជណ្ដើរ"), ("Rak", "Model Tangga"), {
        "en": "A leaning ladder shelf for towels, plants or shoes that takes up very little floor space.",
        "th": "ชั้นวางของทรงบันไดแบบพิงผนัง วางผ้าขนหนู ต้นไม้ หรือรองเท้าได้ ใช้พื้นที่น้อยมาก",
        "my": "Rak tangga bersandar untuk tuala, tumbuhan atau kasut yang menggunakan sedikit sahaja ruang lantai.",
        "km": "ធ្នើរាងជណ្ដើរផ្អែកជញ្ជាំង សម្រាប់ដាក់កន្សែង កូនឈើ ឬស្បែកជើង ដែលប្រើកន្លែងតិចបំផុត។",
        "id": "Rak tangga yang disandarkan ke dinding untuk handuk, tanaman, atau sepatu, dan hanya butuh sedikit ruang lantai.",
    }),
    "kitchenrack": K("rack", "Kitchen Rack", ("ชั้นวางของ", "สำหรับห้องครัว"), ("Rak Dapur", ""), ("ធ្នើផ្ទះបាយ", ""), ("Rak Dapur", ""), {
        "en": "An open four-tier rack for pots, the rice cooker and jars, with adjustable feet for uneven floors.",
        "th": "ชั้นวางของแบบโปร่ง 4 ชั้น วางหม้อ หม้อหุงข้าว และโหลได้ ขาปรับระดับได้สำหรับพื้นไม่เรียบ",
        "my": "Rak terbuka empat tingkat untuk periuk, periuk nasi dan balang, dengan kaki boleh laras untuk lantai tidak rata.",
        "km": "ធ្នើចំហបួនជាន់សម្រាប់ដាក់ឆ្នាំង ឆ្នាំងដាំបាយ និងកែវដប មានជើងដែលអាចកែបានសម្រាប់ការ៉ូមិនស្មើ។",
        "id": "Rak terbuka empat susun untuk panci, rice cooker, dan toples, dengan kaki yang bisa disetel untuk lantai tidak rata.",
    }),
    "bathcabinet": K("bathcab", "Bathroom Cabinet", ("ตู้เก็บของ", "ในห้องน้ำ"), ("Kabinet Bilik Mandi", ""), ("ទូបន្ទប់ទឹក", ""), ("Kabinet Kamar Mandi", ""), {
        "en": "A slim bathroom cabinet with a door, an open shelf for towels and a drawer for toiletries.",
        "th": "ตู้เก็บของในห้องน้ำทรงเพรียว มีบานประตู ชั้นโล่งวางผ้าขนหนู และลิ้นชักเก็บของใช้ส่วนตัว",
        "my": "Kabinet bilik mandi yang ramping dengan pintu, rak terbuka untuk tuala dan laci untuk barang mandian.",
        "km": "ទូបន្ទប់ទឹករាងស្ដើង មានទ្វារ ធ្នើចំហសម្រាប់កន្សែង និងថតសម្រាប់ទុកគ្រឿងប្រើប្រាស់ផ្ទាល់ខ្លួន។",
        "id": "Kabinet kamar mandi yang ramping dengan pintu, rak terbuka untuk handuk, dan laci untuk perlengkapan mandi.",
    }),
    "toyshelf": K("toyshelf", "Toy Storage Shelf", ("ชั้นวางของเล่น", ""), ("Rak Mainan", ""), ("ធ្នើដាក់ប្រដាប់ក្មេងលេង", ""), ("Rak Mainan", ""), {
        "en": "A low shelf with fabric boxes that makes tidying up toys quick, even for small children.",
        "th": "ชั้นวางของเล่นทรงเตี้ยพร้อมกล่องผ้า ช่วยให้เด็กเล็กเก็บของเล่นเข้าที่ได้เองอย่างรวดเร็ว",
        "my": "Rak rendah dengan kotak fabrik yang memudahkan kanak-kanak kecil mengemas mainan dengan cepat.",
        "km": "ធ្នើទាបមានប្រអប់ក្រណាត់ ដែលជួយឱ្យកុមារតូចៗរៀបចំប្រដាប់ក្មេងលេងបានយ៉ាងលឿន។",
        "id": "Rak rendah dengan kotak kain yang membuat anak kecil pun bisa merapikan mainan dengan cepat.",
    }, kids=True),
    "trolley": K("trolley", "Kitchen Trolley", ("รถเข็นวางของ", "ในครัว"), ("Troli Dapur", ""), ("រទេះរុញផ្ទះបាយ", ""), ("Troli Dapur", ""), {
        "en": "A three-tier trolley on lockable wheels that rolls spices, fruit and dishes to wherever you cook.",
        "th": "รถเข็น 3 ชั้นพร้อมล้อล็อกได้ เข็นเครื่องปรุง ผลไม้ และจานชามไปใช้ได้ทุกมุมครัว",
        "my": "Troli tiga tingkat dengan roda boleh kunci untuk membawa rempah, buah-buahan dan pinggan ke mana-mana anda memasak.",
        "km": "រទេះរុញបីជាន់មានកង់ចាក់សោបាន សម្រាប់រុញគ្រឿងទេស ផ្លែឈើ និងចានទៅគ្រប់កន្លែងដែលអ្នកធ្វើម្ហូប។",
        "id": "Troli tiga susun dengan roda yang bisa dikunci untuk membawa bumbu, buah, dan piring ke mana pun Anda memasak.",
    }),
    "tvstand": K("tvstand", "TV Stand", ("ชั้นวางทีวี", ""), ("Kabinet TV", ""), ("ទូដាក់ទូរទស្សន៍", ""), ("Meja TV", ""), {
        "en": "A low TV stand for screens up to 65 inches, with cable holes and closed storage for the set-top box.",
        "th": "ชั้นวางทีวีทรงเตี้ย รองรับทีวีได้ถึง 65 นิ้ว มีช่องร้อยสายไฟและตู้ปิดสำหรับเก็บกล่องรับสัญญาณ",
        "my": "Kabinet TV rendah untuk skrin sehingga 65 inci, dengan lubang kabel dan ruang tertutup untuk penyahkod.",
        "km": "ទូដាក់ទូរទស្សន៍ទាប សម្រាប់អេក្រង់រហូតដល់ 65 អ៊ីញ មានរន្ធខ្សែភ្លើង និងកន្លែងបិទជិតសម្រាប់ដាក់ប្រអប់ទទួលសញ្ញា។",
        "id": "Meja TV rendah untuk layar hingga 65 inci, dengan lubang kabel dan ruang tertutup untuk set-top box.",
    }),
    "sideboard": K("sideboard", "Sideboard", ("ตู้ไซด์บอร์ด", ""), ("Kabinet Sisi", ""), ("ទូតាំងឥវ៉ាន់", ""), ("Bufet", ""), {
        "en": "A sideboard with woven cane doors that hides the clutter and looks good under the TV or in the dining room.",
        "th": "ตู้ไซด์บอร์ดบานสานลายหวาย ช่วยเก็บของให้เรียบร้อย วางใต้ทีวีหรือในห้องทานอาหารก็สวย",
        "my": "Kabinet sisi dengan pintu anyaman rotan yang menyembunyikan barang dan cantik di bawah TV atau di ruang makan.",
        "km": "ទូតាំងឥវ៉ាន់មានទ្វារត្បាញផ្ដៅ ដែលលាក់របស់របរឱ្យមានរបៀប ហើយស្អាតទាំងនៅក្រោមទូរទស្សន៍ ឬក្នុងបន្ទប់បាយ។",
        "id": "Bufet dengan pintu anyaman rotan yang menyembunyikan barang, cantik di bawah TV maupun di ruang makan.",
    }),
    "shoecab": K("shoecab", "Shoe Cabinet", ("ตู้รองเท้า", ""), ("Almari Kasut", ""), ("ទូដាក់ស្បែកជើង", ""), ("Lemari Sepatu", ""), {
        "en": "A shoe cabinet with ventilated doors that holds up to 18 pairs and keeps the entrance tidy.",
        "th": "ตู้รองเท้ามีช่องระบายอากาศ เก็บรองเท้าได้ถึง 18 คู่ ช่วยให้หน้าบ้านดูเป็นระเบียบ",
        "my": "Almari kasut dengan pintu berudara yang memuatkan sehingga 18 pasang kasut dan memastikan pintu masuk sentiasa kemas.",
        "km": "ទូដាក់ស្បែកជើងមានទ្វារខ្យល់ចេញចូល ដាក់ស្បែកជើងបានរហូតដល់ 18 គូ និងធ្វើឱ្យមាត់ទ្វារមានរបៀប។",
        "id": "Lemari sepatu dengan pintu berventilasi yang muat hingga 18 pasang sepatu dan menjaga area pintu masuk tetap rapi.",
    }),
    "shoerack": K("shoerack", "Shoe Rack", ("ชั้นวางรองเท้า", ""), ("Rak Kasut", ""), ("ធ្នើដាក់ស្បែកជើង", ""), ("Rak Sepatu", ""), {
        "en": "An open three-tier shoe rack that lets shoes air out after a rainy day.",
        "th": "ชั้นวางรองเท้าแบบโปร่ง 3 ชั้น ให้รองเท้าได้ระบายอากาศหลังวันฝนตก",
        "my": "Rak kasut terbuka tiga tingkat yang membolehkan kasut kering selepas hari hujan.",
        "km": "ធ្នើដាក់ស្បែកជើងចំហបីជាន់ ដែលឱ្យស្បែកជើងស្ងួតក្រោយថ្ងៃភ្លៀង។",
        "id": "Rak sepatu terbuka tiga susun yang membiarkan sepatu kering setelah hari hujan.",
    }),
    # ---- desks and office ----
    "desk": K("desk", "Desk", ("โต๊ะทำงาน", ""), ("Meja Kerja", ""), ("តុធ្វើការ", ""), ("Meja Kerja", ""), {
        "en": "A clean-lined desk with a drawer and a cable tray, just right for working from home.",
        "th": "โต๊ะทำงานดีไซน์เรียบ มีลิ้นชักและรางเก็บสายไฟ เหมาะสำหรับการทำงานที่บ้าน",
        "my": "Meja kerja yang ringkas dengan laci dan dulang kabel, sesuai untuk bekerja dari rumah.",
        "km": "តុធ្វើការរចនាសាមញ្ញ មានថត និងថាសដាក់ខ្សែភ្លើង ល្អសម្រាប់ធ្វើការនៅផ្ទះ។",
        "id": "Meja kerja berdesain bersih dengan laci dan baki kabel, pas untuk bekerja dari rumah.",
    }),
    "cornerdesk": K("cornerdesk", "Corner Computer Desk", ("โต๊ะคอมพิวเตอร์เข้ามุม", ""), ("Meja Komputer Sudut", ""), ("តុកុំព្យូទ័រជ្រុង", ""), ("Meja Komputer Sudut", ""), {
        "en": "An L-shaped desk that turns an empty corner into a workstation with room for two screens.",
        "th": "โต๊ะคอมพิวเตอร์ตัวแอล เปลี่ยนมุมห้องว่าง ๆ ให้เป็นมุมทำงานที่วางจอได้ 2 จอ",
        "my": "Meja berbentuk L yang menjadikan sudut kosong sebagai stesen kerja dengan ruang untuk dua skrin.",
        "km": "តុរាងអក្សរ L ដែលប្រែក្លាយជ្រុងទំនេរទៅជាកន្លែងធ្វើការ ដាក់អេក្រង់បានពីរ។",
        "id": "Meja berbentuk L yang mengubah sudut kosong menjadi area kerja dengan ruang untuk dua layar.",
    }),
    "kiddesk": K("kiddesk", "Kids' Study Desk", ("โต๊ะเขียนหนังสือเด็ก", ""), ("Meja Belajar Kanak-kanak", ""), ("តុរៀនកុមារ", ""), ("Meja Belajar Anak", ""), {
        "en": "A study desk with a tilting top and a shelf for school books that grows with your child.",
        "th": "โต๊ะเขียนหนังสือเด็ก หน้าโต๊ะปรับเอียงได้ มีชั้นวางหนังสือเรียน ใช้ได้ยาวจนลูกโต",
        "my": "Meja belajar dengan permukaan boleh dicondongkan dan rak untuk buku sekolah yang sesuai sehingga anak membesar.",
        "km": "តុរៀនមានផ្ទៃអាចផ្អៀងបាន និងធ្នើដាក់សៀវភៅសាលា ដែលប្រើបានរហូតដល់កូនធំ។",
        "id": "Meja belajar dengan permukaan yang bisa dimiringkan dan rak buku sekolah yang bisa dipakai hingga anak besar.",
    }, kids=True),
    "writingdesk": K("desk", "Writing Desk", ("โต๊ะเขียนหนังสือ", ""), ("Meja Tulis", ""), ("តុសរសេរ", ""), ("Meja Tulis", ""), {
        "en": "A classic writing desk with two drawers and tapered legs, handsome enough for the living room.",
        "th": "โต๊ะเขียนหนังสือสไตล์คลาสสิก 2 ลิ้นชัก ขาเรียว สวยพอจะวางโชว์ในห้องนั่งเล่น",
        "my": "Meja tulis klasik dengan dua laci dan kaki tirus, cukup cantik untuk ruang tamu.",
        "km": "តុសរសេរបែបបុរាណមានថតពីរ និងជើងស្រួច ស្អាតល្មមដាក់ក្នុងបន្ទប់ទទួលភ្ញៀវ។",
        "id": "Meja tulis klasik dengan dua laci dan kaki meruncing, cukup cantik untuk ruang keluarga.",
    }),
    "laptopdesk": K("laptopdesk", "Laptop Desk", ("โต๊ะวางโน้ตบุ๊ก", ""), ("Meja Komputer Riba", ""), ("តុដាក់កុំព្យូទ័រយួរដៃ", ""), ("Meja Laptop", ""), {
        "en": "A narrow laptop desk that fits by the window or at the end of the bed.",
        "th": "โต๊ะวางโน้ตบุ๊กหน้าแคบ วางริมหน้าต่างหรือปลายเตียงได้พอดี",
        "my": "Meja komputer riba yang sempit, muat di tepi tingkap atau di hujung katil.",
        "km": "តុដាក់កុំព្យូទ័រយួរដៃតូចចង្អៀត ដាក់បាននៅក្បែរបង្អួច ឬចុងគ្រែ។",
        "id": "Meja laptop ramping yang muat di dekat jendela atau di ujung tempat tidur.",
    }),
    "standing": K("standing", "Electric Standing Desk", ("โต๊ะปรับระดับไฟฟ้า", ""), ("Meja Berdiri Elektrik", ""), ("តុធ្វើការឈរប្រើអគ្គិសនី", ""), ("Meja Berdiri Elektrik", ""), {
        "en": "A height-adjustable desk with quiet dual motors and four memory buttons, so you can switch between sitting and standing.",
        "th": "โต๊ะปรับความสูงด้วยมอเตอร์คู่ เสียงเงียบ มีปุ่มจำความสูง 4 ระดับ สลับนั่งและยืนทำงานได้ตลอดวัน",
        "my": "Meja boleh laras ketinggian dengan dua motor senyap dan empat butang memori, untuk bertukar antara duduk dan berdiri.",
        "km": "តុកែកម្ពស់បាន មានម៉ូទ័រពីរដែលស្ងាត់ និងប៊ូតុងចងចាំបួន ដើម្បីប្ដូររវាងអង្គុយ និងឈរធ្វើការ។",
        "id": "Meja dengan tinggi yang bisa diatur, dua motor senyap, dan empat tombol memori, untuk bergantian duduk dan berdiri.",
    }),
    "standing_manual": K("standing", "Manual Standing Desk", ("โต๊ะปรับระดับแบบมือหมุน", ""), ("Meja Berdiri Manual", ""), ("តុធ្វើការឈរបង្វិលដៃ", ""), ("Meja Berdiri Manual", ""), {
        "en": "A standing desk with a fold-away hand crank, no power cable needed.",
        "th": "โต๊ะปรับระดับด้วยมือหมุนแบบพับเก็บได้ ไม่ต้องใช้ไฟฟ้า",
        "my": "Meja berdiri dengan engkol tangan yang boleh dilipat, tanpa kabel kuasa.",
        "km": "តុធ្វើការឈរមានដៃបង្វិលដែលអាចបត់ទុកបាន មិនចាំបាច់ប្រើខ្សែភ្លើង។",
        "id": "Meja berdiri dengan engkol tangan yang bisa dilipat, tanpa perlu kabel listrik.",
    }),
    "officechair": K("officechair", "Ergonomic Office Chair", ("เก้าอี้สำนักงานเพื่อสุขภาพ", ""), ("Kerusi Pejabat Ergonomik", ""), ("កៅអីការិយាល័យការពារខ្នង", ""), ("Kursi Kantor Ergonomis", ""), {
        "en": "An ergonomic office chair with lumbar support, a headrest and adjustable arms for long working days.",
        "th": "เก้าอี้สำนักงานเพื่อสุขภาพ มีที่รองรับหลังส่วนล่าง พนักพิงศีรษะ และท้าวแขนปรับได้ นั่งทำงานทั้งวันไม่ปวดหลัง",
        "my": "Kerusi pejabat ergonomik dengan sokongan lumbar, penyandar kepala dan tempat letak tangan boleh laras untuk hari kerja yang panjang.",
        "km": "កៅអីការិយាល័យមានទ្រខ្នងផ្នែកខាងក្រោម កន្លែងផ្អែកក្បាល និងដៃផ្អែកដែលអាចកែបាន សម្រាប់ធ្វើការពេញមួយថ្ងៃ។",
        "id": "Kursi kantor ergonomis dengan penopang punggung bawah, sandaran kepala, dan lengan yang bisa diatur untuk hari kerja yang panjang.",
    }, headrest=True),
    "execchair": K("officechair", "Executive Chair", ("เก้าอี้ผู้บริหาร", ""), ("Kerusi Eksekutif", ""), ("កៅអីនាយក", ""), ("Kursi Direktur", ""), {
        "en": "A high-back executive chair with thick padding, a tilt lock and a smooth swivel base.",
        "th": "เก้าอี้ผู้บริหารพนักพิงสูง เบาะหนานุ่ม ล็อกการเอนได้ ฐานหมุนได้ลื่น",
        "my": "Kerusi eksekutif bersandar tinggi dengan kusyen tebal, kunci condong dan tapak pusing yang lancar.",
        "km": "កៅអីនាយកខ្នងខ្ពស់ មានស្រោបក្រាស់ទន់ អាចចាក់សោការផ្អៀង និងជើងបង្វិលរលូន។",
        "id": "Kursi direktur bersandaran tinggi dengan bantalan tebal, pengunci kemiringan, dan dasar putar yang mulus.",
    }, tall=True),
    "taskchair": K("officechair", "Office Chair", ("เก้าอี้สำนักงาน", ""), ("Kerusi Pejabat", ""), ("កៅអីការិយាល័យ", ""), ("Kursi Kantor", ""), {
        "en": "A compact swivel chair with gas-lift height adjustment for a desk at home.",
        "th": "เก้าอี้สำนักงานขนาดกะทัดรัด หมุนได้รอบ ปรับความสูงด้วยโช้คแก๊ส เหมาะกับโต๊ะทำงานที่บ้าน",
        "my": "Kerusi pusing yang padat dengan pelarasan ketinggian angkat gas untuk meja kerja di rumah.",
        "km": "កៅអីបង្វិលទំហំតូច កែកម្ពស់បានដោយស្នប់ឧស្ម័ន សម្រាប់តុធ្វើការនៅផ្ទះ។",
        "id": "Kursi putar ringkas dengan pengatur tinggi hidrolik untuk meja kerja di rumah.",
    }),
    "kidchair": K("officechair", "Kids' Study Chair", ("เก้าอี้เขียนหนังสือเด็ก", ""), ("Kerusi Belajar Kanak-kanak", ""), ("កៅអីរៀនកុមារ", ""), ("Kursi Belajar Anak", ""), {
        "en": "A study chair that adjusts in height and depth as your child grows, with wheels that lock when seated.",
        "th": "เก้าอี้เขียนหนังสือเด็ก ปรับความสูงและความลึกได้ตามการเติบโต ล้อล็อกอัตโนมัติเมื่อนั่ง",
        "my": "Kerusi belajar yang boleh dilaras tinggi dan dalamnya mengikut pertumbuhan anak, dengan roda yang terkunci apabila diduduki.",
        "km": "កៅអីរៀនដែលអាចកែកម្ពស់ និងជម្រៅតាមការលូតលាស់របស់កូន មានកង់ចាក់សោពេលអង្គុយ។",
        "id": "Kursi belajar yang tinggi dan kedalamannya bisa diatur seiring pertumbuhan anak, dengan roda yang terkunci saat diduduki.",
    }, kids=True),
    "swivel": K("officechair", "Swivel Desk Chair", ("เก้าอี้ทำงานหมุนได้", ""), ("Kerusi Pusing", ""), ("កៅអីបង្វិល", ""), ("Kursi Putar", ""), {
        "en": "A soft, tub-shaped swivel chair that brings a bit of style to the home office.",
        "th": "เก้าอี้ทำงานทรงถังเบาะนุ่ม หมุนได้รอบทิศ เพิ่มความมีสไตล์ให้มุมทำงานที่บ้าน",
        "my": "Kerusi pusing berbentuk tab yang lembut, menambah gaya di pejabat rumah.",
        "km": "កៅអីបង្វិលរាងធុងទន់ ដែលបន្ថែមភាពទាន់សម័យដល់កន្លែងធ្វើការនៅផ្ទះ។",
        "id": "Kursi putar empuk berbentuk tabung yang menambah gaya di ruang kerja rumah.",
    }, tub=True),
    "filing": K("filing", "{n}-Drawer Filing Cabinet", ("ตู้เก็บเอกสาร", " {n} ลิ้นชัก"), ("Kabinet Fail", "{n} Laci"), ("ទូដាក់ឯកសារ", " {n} ថត"), ("Lemari Arsip", "{n} Laci"), {
        "en": "A filing cabinet for A4 and folio files with a central lock that secures every drawer.",
        "th": "ตู้เก็บเอกสารขนาด A4 และแฟ้มแขวน มีกุญแจล็อกทุกลิ้นชักพร้อมกัน",
        "my": "Kabinet fail untuk fail A4 dan folio dengan kunci pusat yang mengunci semua laci.",
        "km": "ទូដាក់ឯកសារសម្រាប់ឯកសារ A4 និងហ្វូលីយ៉ូ មានសោកណ្ដាលចាក់គ្រប់ថតព្រមគ្នា។",
        "id": "Lemari arsip untuk map A4 dan folio dengan kunci sentral yang mengamankan semua laci.",
    }),
    "pedestal": K("pedestal", "Mobile Pedestal", ("ตู้ลิ้นชักล้อเลื่อน", ""), ("Kabinet Laci Beroda", ""), ("ទូថតមានកង់", ""), ("Laci Dorong", ""), {
        "en": "A three-drawer pedestal on castors that slides under the desk and locks with a key.",
        "th": "ตู้ลิ้นชัก 3 ชั้นติดล้อ เข็นเก็บใต้โต๊ะได้ และล็อกด้วยกุญแจ",
        "my": "Kabinet tiga laci beroda yang boleh disorong ke bawah meja dan dikunci.",
        "km": "ទូបីថតមានកង់ ដែលរុញចូលក្រោមតុបាន និងចាក់សោបាន។",
        "id": "Laci tiga susun beroda yang bisa didorong ke bawah meja dan dikunci.",
    }),
    # ---- outdoor ----
    "gardenset": K("gardenset", "Garden Dining Set for {n}", ("ชุดโต๊ะสนาม", " {n} ที่นั่ง"), ("Set Meja Taman", "{n} Tempat Duduk"), ("ឈុតតុកៅអីសួនច្បារ", " {n} កន្លែង"), ("Set Meja Taman", "{n} Kursi"), {
        "en": "A table with matching chairs for meals in the garden, on the terrace or by the pool.",
        "th": "ชุดโต๊ะพร้อมเก้าอี้เข้าชุดกัน สำหรับทานอาหารในสวน บนระเบียง หรือริมสระว่ายน้ำ",
        "my": "Meja dengan kerusi sepadan untuk makan di taman, di teres atau di tepi kolam renang.",
        "km": "តុ និងកៅអីមួយឈុត សម្រាប់បរិភោគអាហារនៅសួនច្បារ នៅរាបស្មើ ឬក្បែរអាងហែលទឹក។",
        "id": "Meja dengan kursi serasi untuk bersantap di taman, di teras, atau di tepi kolam renang.",
    }),
    "bistroset": K("bistroset", "Balcony Set for {n}", ("ชุดโต๊ะระเบียง", " {n} ที่นั่ง"), ("Set Balkoni", "{n} Tempat Duduk"), ("ឈុតតុកៅអីយ៉រ", " {n} កន្លែង"), ("Set Balkon", "{n} Kursi"), {
        "en": "A small round table and two folding chairs that turn even a condo balcony into a café corner.",
        "th": "โต๊ะกลมเล็กกับเก้าอี้พับ 2 ตัว เปลี่ยนระเบียงคอนโดให้เป็นมุมคาเฟ่",
        "my": "Meja bulat kecil dan dua kerusi lipat yang menjadikan balkoni kondominium sudut kafe.",
        "km": "តុមូលតូច និងកៅអីបត់ពីរ ដែលប្រែក្លាយយ៉រខុនដូទៅជាជ្រុងហាងកាហ្វេ។",
        "id": "Meja bundar kecil dan dua kursi lipat yang mengubah balkon apartemen menjadi sudut kafe.",
    }),
    "lounger": K("lounger", "Sun Lounger", ("เก้าอี้อาบแดด", ""), ("Kerusi Berjemur", ""), ("កៅអីដេកហាលថ្ងៃ", ""), ("Kursi Berjemur", ""), {
        "en": "A sun lounger with a five-position backrest and wheels so you can follow the shade.",
        "th": "เก้าอี้อาบแดดปรับพนักพิงได้ 5 ระดับ มีล้อให้เลื่อนตามร่มเงาได้ง่าย",
        "my": "Kerusi berjemur dengan sandaran lima kedudukan dan roda supaya mudah dialihkan ke tempat teduh.",
        "km": "កៅអីដេកហាលថ្ងៃមានខ្នងកែបានប្រាំកម្រិត និងកង់ ដើម្បីរុញតាមម្លប់បានងាយ។",
        "id": "Kursi berjemur dengan sandaran lima posisi dan roda agar mudah dipindahkan ke tempat teduh.",
    }),
    "foldlounger": K("foldlounger", "Folding Lounger", ("เก้าอี้ผ้าใบพับได้", ""), ("Kerusi Malas Lipat", ""), ("កៅអីដេកបត់បាន", ""), ("Kursi Santai Lipat", ""), {
        "en": "A classic folding deckchair that packs flat for the car, the beach or the balcony.",
        "th": "เก้าอี้ผ้าใบพับได้สไตล์คลาสสิก พับแบนเก็บท้ายรถ พาไปทะเลหรือวางที่ระเบียงก็ได้",
        "my": "Kerusi malas lipat klasik yang boleh dilipat rata untuk dibawa ke pantai atau diletakkan di balkoni.",
        "km": "កៅអីដេកបត់បានបែបបុរាណ ដែលបត់រាបស្មើដាក់ក្នុងឡាន យកទៅឆ្នេរ ឬដាក់នៅយ៉របាន។",
        "id": "Kursi santai lipat klasik yang bisa dilipat rata untuk dibawa ke pantai atau diletakkan di balkon.",
    }),
    "hammock": K("hammock", "Hammock", ("เปลญวน", ""), ("Buaian Gantung", ""), ("អង្រឹង", ""), ("Tempat Tidur Gantung", ""), {
        "en": "A generous hammock with strong ropes for an afternoon nap between two trees or posts.",
        "th": "เปลญวนผืนใหญ่ เชือกแข็งแรง ผูกระหว่างต้นไม้หรือเสาเพื่องีบหลับยามบ่าย",
        "my": "Buaian gantung yang besar dengan tali kuat untuk tidur petang di antara dua pokok atau tiang.",
        "km": "អង្រឹងធំ មានខ្សែរឹងមាំ សម្រាប់ចងរវាងដើមឈើ ឬសសរពីរ ដើម្បីគេងពេលរសៀល។",
        "id": "Tempat tidur gantung yang lebar dengan tali kuat untuk tidur siang di antara dua pohon atau tiang.",
    }),
    "hammockstand": K("hammockstand", "Hammock with Stand", ("เปลญวน", " พร้อมขาตั้ง"), ("Buaian Gantung", "dengan Rangka"), ("អង្រឹង", " មានជើងទ្រ"), ("Tempat Tidur Gantung", "dengan Rangka"), {
        "en": "A hammock on its own steel stand that sets up in minutes, no trees needed.",
        "th": "เปลญวนพร้อมขาตั้งเหล็ก ติดตั้งเสร็จในไม่กี่นาที ไม่ต้องหาต้นไม้ผูก",
        "my": "Buaian gantung dengan rangka keluli sendiri yang boleh dipasang dalam beberapa minit, tanpa perlu pokok.",
        "km": "អង្រឹងមានជើងទ្រដែកផ្ទាល់ខ្លួន ដំឡើងរួចក្នុងប៉ុន្មាននាទី មិនចាំបាច់មានដើមឈើ។",
        "id": "Tempat tidur gantung dengan rangka baja sendiri yang bisa dipasang dalam hitungan menit, tanpa perlu pohon.",
    }),
    "eggchair": K("eggchair", "Hanging Egg Chair", ("เก้าอี้รังนกแขวน", ""), ("Kerusi Gantung", ""), ("កៅអីយោលព្យួរ", ""), ("Kursi Gantung", ""), {
        "en": "A hanging egg chair on a stand, with a thick cushion to curl up in on the veranda.",
        "th": "เก้าอี้รังนกแขวนพร้อมขาตั้ง เบาะหนานุ่ม นั่งไกวเล่นที่ระเบียงได้สบาย",
        "my": "Kerusi gantung berbentuk telur dengan rangka dan kusyen tebal untuk berehat di beranda.",
        "km": "កៅអីយោលព្យួររាងពងមាន់ មានជើងទ្រ និងខ្នើយក្រាស់ សម្រាប់អង្គុយលំហែនៅរានហាល។",
        "id": "Kursi gantung berbentuk telur dengan rangka dan bantalan tebal untuk bersantai di beranda.",
    }),
    "swingbench": K("swingbench", "Garden Swing Bench", ("ชิงช้าสนาม", ""), ("Buaian Taman", ""), ("យោលសួនច្បារ", ""), ("Ayunan Taman", ""), {
        "en": "A two-seat swing bench under its own frame, a favourite spot for evenings in the garden.",
        "th": "ชิงช้าสนามนั่งได้ 2 คน พร้อมโครงตั้งในตัว มุมโปรดสำหรับนั่งเล่นในสวนยามเย็น",
        "my": "Buaian taman dua tempat duduk dengan rangka sendiri, tempat kegemaran untuk bersantai di taman pada waktu petang.",
        "km": "យោលសួនច្បារអង្គុយបានពីរនាក់ មានគ្រោងផ្ទាល់ខ្លួន ជាកន្លែងពេញនិយមសម្រាប់ពេលល្ងាចនៅសួនច្បារ។",
        "id": "Ayunan taman dua dudukan dengan rangka sendiri, tempat favorit untuk bersantai sore di taman.",
    }),
    "kidswing": K("kidswing", "Kids' Swing", ("ชิงช้าเด็ก", ""), ("Buaian Kanak-kanak", ""), ("យោលកុមារ", ""), ("Ayunan Anak", ""), {
        "en": "A swing seat with adjustable ropes that hangs from a tree branch or a porch beam.",
        "th": "ชิงช้าเด็กปรับความยาวเชือกได้ แขวนกับกิ่งไม้หรือคานระเบียงบ้าน",
        "my": "Buaian dengan tali boleh laras yang digantung pada dahan pokok atau alang serambi.",
        "km": "យោលកុមារមានខ្សែកែប្រវែងបាន សម្រាប់ព្យួរនឹងមែកឈើ ឬធ្នឹមរានហាល។",
        "id": "Ayunan dengan tali yang bisa diatur, digantung di dahan pohon atau balok teras.",
    }, kids=True),
    # ---- decor ----
    "floorlamp": K("floorlamp", "Floor Lamp", ("โคมไฟตั้งพื้น", ""), ("Lampu Lantai", ""), ("ចង្កៀងឈរ", ""), ("Lampu Lantai", ""), {
        "en": "A floor lamp with a woven shade that casts a warm, soft light for the evening.",
        "th": "โคมไฟตั้งพื้นโป๊ะสาน ให้แสงนวลอบอุ่นยามค่ำคืน",
        "my": "Lampu lantai dengan terendak anyaman yang memancarkan cahaya hangat dan lembut pada waktu malam.",
        "km": "ចង្កៀងឈរមានគម្របត្បាញ ដែលបញ្ចេញពន្លឺកក់ក្ដៅទន់ភ្លន់នៅពេលល្ងាច។",
        "id": "Lampu lantai dengan kap anyaman yang memancarkan cahaya hangat dan lembut di malam hari.",
    }),
    "tablelamp": K("tablelamp", "Table Lamp", ("โคมไฟตั้งโต๊ะ", ""), ("Lampu Meja", ""), ("ចង្កៀងតុ", ""), ("Lampu Meja", ""), {
        "en": "A table lamp with a linen shade for the bedside or the sideboard; E27 bulb, sold separately.",
        "th": "โคมไฟตั้งโต๊ะโป๊ะผ้าลินิน วางข้างเตียงหรือบนตู้ไซด์บอร์ด ใช้หลอดขั้ว E27 (ไม่รวมหลอด)",
        "my": "Lampu meja dengan terendak linen untuk sisi katil atau kabinet sisi; mentol E27 dijual berasingan.",
        "km": "ចង្កៀងតុមានគម្របក្រណាត់លីនិន សម្រាប់ក្បាលគ្រែ ឬលើទូ ប្រើអំពូល E27 (មិនរួមអំពូល)។",
        "id": "Lampu meja dengan kap linen untuk samping tempat tidur atau di atas bufet; bohlam E27 dijual terpisah.",
    }),
    "pendant": K("pendant", "Pendant Lamp", ("โคมไฟห้อยเพดาน", ""), ("Lampu Gantung", ""), ("ចង្កៀងព្យួរ", ""), ("Lampu Gantung", ""), {
        "en": "A pendant lamp with an adjustable cord, made to hang over a dining table or kitchen counter.",
        "th": "โคมไฟห้อยเพดาน ปรับความยาวสายได้ เหมาะแขวนเหนือโต๊ะอาหารหรือเคาน์เตอร์ครัว",
        "my": "Lampu gantung dengan kord boleh laras, sesuai digantung di atas meja makan atau kaunter dapur.",
        "km": "ចង្កៀងព្យួរមានខ្សែកែប្រវែងបាន សម្រាប់ព្យួរពីលើតុបាយ ឬបញ្ជរផ្ទះបាយ។",
        "id": "Lampu gantung dengan kabel yang panjangnya bisa diatur, untuk digantung di atas meja makan atau konter dapur.",
    }),
    "nightlamp": K("nightlamp", "Kids' Night Light", ("โคมไฟกลางคืน", "สำหรับเด็ก"), ("Lampu Tidur Kanak-kanak", ""), ("ចង្កៀងពេលយប់សម្រាប់កុមារ", ""), ("Lampu Tidur Anak", ""), {
        "en": "A rechargeable night light with a gentle glow and a timer, so little ones fall asleep without fear of the dark.",
        "th": "โคมไฟกลางคืนแบบชาร์จได้ แสงนวลตา มีตั้งเวลาปิด ช่วยให้ลูกหลับสบายไม่กลัวความมืด",
        "my": "Lampu tidur boleh cas semula dengan cahaya lembut dan pemasa, supaya si kecil tidur tanpa takut gelap.",
        "km": "ចង្កៀងពេលយប់ដែលអាចសាកថ្មបាន ពន្លឺស្រាល និងមានកំណត់ម៉ោង ជួយឱ្យកូនតូចគេងលក់ដោយមិនខ្លាចងងឹត។",
        "id": "Lampu tidur isi ulang dengan cahaya lembut dan timer, agar si kecil tidur nyenyak tanpa takut gelap.",
    }, kids=True),
    "rug": K("rug", "Rug", ("พรม", ""), ("Permaidani", ""), ("កម្រាលព្រំ", ""), ("Karpet", ""), {
        "en": "A soft, low-pile rug that anchors the sofa area and is easy to vacuum.",
        "th": "พรมขนสั้นเนื้อนุ่ม ช่วยกำหนดมุมนั่งเล่นให้ดูเป็นสัดส่วน และดูดฝุ่นง่าย",
        "my": "Permaidani berbulu pendek yang lembut, menyerlahkan ruang sofa dan mudah divakum.",
        "km": "កម្រាលព្រំរោមខ្លីទន់ ដែលកំណត់តំបន់សាឡុងឱ្យច្បាស់ និងងាយបូមធូលី។",
        "id": "Karpet berbulu pendek yang lembut, mempertegas area sofa dan mudah disedot debunya.",
    }, pattern="border"),
    "handrug": K("rug", "Handwoven Rug", ("พรมทอมือ", ""), ("Permaidani Tenunan Tangan", ""), ("កម្រាលព្រំត្បាញដោយដៃ", ""), ("Karpet Tenun Tangan", ""), {
        "en": "A handwoven cotton rug with a traditional northern Thai pattern, each one made on a village loom.",
        "th": "พรมฝ้ายทอมือลวดลายพื้นเมืองล้านนา ทอด้วยกี่ของชาวบ้านทีละผืน",
        "my": "Permaidani kapas tenunan tangan dengan corak tradisional utara Thailand, setiap helai dibuat dengan alat tenun kampung.",
        "km": "កម្រាលព្រំកប្បាសត្បាញដោយដៃ មានលំនាំប្រពៃណីភាគខាងជើងប្រទេសថៃ ត្បាញម្ដងមួយផ្ទាំងដោយកីរបស់អ្នកភូមិ។",
        "id": "Karpet katun tenun tangan bermotif tradisional Thailand utara, setiap lembarnya dibuat dengan alat tenun desa.",
    }, pattern="diamond"),
    "roundrug": K("roundrug", "Round Rug", ("พรมทรงกลม", ""), ("Permaidani Bulat", ""), ("កម្រាលព្រំរាងមូល", ""), ("Karpet Bundar", ""), {
        "en": "A round play rug with a non-slip back, soft enough for crawling and building blocks.",
        "th": "พรมทรงกลมด้านล่างกันลื่น นุ่มพอให้ลูกคลานเล่นหรือต่อบล็อกได้สบาย",
        "my": "Permaidani bulat dengan lapik tidak licin, cukup lembut untuk merangkak dan bermain blok.",
        "km": "កម្រាលព្រំរាងមូលមានបាតមិនរអិល ទន់ល្មមសម្រាប់កូនវារ និងលេងតម្រៀបប្លុក។",
        "id": "Karpet bundar dengan alas antiselip, cukup lembut untuk merangkak dan bermain balok.",
    }),
    "bathmat": K("bathmat", "Bath Mat", ("พรมเช็ดเท้า", ""), ("Alas Kaki Bilik Mandi", ""), ("កម្រាលជូតជើង", ""), ("Keset Kamar Mandi", ""), {
        "en": "A thick, quick-drying bath mat with a non-slip back; machine washable.",
        "th": "พรมเช็ดเท้าเนื้อหนา แห้งไว ด้านล่างกันลื่น ซักเครื่องได้",
        "my": "Alas kaki bilik mandi yang tebal dan cepat kering dengan lapik tidak licin; boleh dibasuh dengan mesin.",
        "km": "កម្រាលជូតជើងក្រាស់ ស្ងួតលឿន បាតមិនរអិល អាចបោកក្នុងម៉ាស៊ីនបាន។",
        "id": "Keset kamar mandi tebal yang cepat kering dengan alas antiselip; bisa dicuci dengan mesin.",
    }),
    "mirror": K("mirror", "Round Wall Mirror", ("กระจกเงาทรงกลม", ""), ("Cermin Dinding Bulat", ""), ("កញ្ចក់ឆ្លុះរាងមូល", ""), ("Cermin Dinding Bundar", ""), {
        "en": "A round wall mirror that reflects light and makes a hallway or small room feel larger.",
        "th": "กระจกเงาทรงกลมติดผนัง ช่วยสะท้อนแสงให้ทางเดินหรือห้องเล็กดูกว้างขึ้น",
        "my": "Cermin dinding bulat yang memantulkan cahaya dan menjadikan laluan atau bilik kecil terasa lebih luas.",
        "km": "កញ្ចក់ឆ្លុះរាងមូលព្យួរជញ្ជាំង ដែលឆ្លុះពន្លឺ និងធ្វើឱ្យច្រកដើរ ឬបន្ទប់តូចមើលទៅធំជាងមុន។",
        "id": "Cermin dinding bundar yang memantulkan cahaya dan membuat lorong atau ruangan kecil terasa lebih luas.",
    }, matfmt=MIRROR_FRAME),
    "floormirror": K("floormirror", "Full-Length Mirror", ("กระจกเงาบานยาว", ""), ("Cermin Panjang", ""), ("កញ្ចក់ឆ្លុះពេញខ្លួន", ""), ("Cermin Berdiri", ""), {
        "en": "A full-length mirror that leans against the wall or hangs on it, for a last check before you leave the house.",
        "th": "กระจกเงาบานยาวส่องเต็มตัว วางพิงหรือแขวนผนังก็ได้ ไว้เช็กชุดก่อนออกจากบ้าน",
        "my": "Cermin panjang yang boleh disandarkan atau digantung pada dinding, untuk semakan terakhir sebelum keluar rumah.",
        "km": "កញ្ចក់ឆ្លុះពេញខ្លួន អាចផ្អែក ឬព្យួរនឹងជញ្ជាំង សម្រាប់ពិនិត្យសម្លៀកបំពាក់មុនចេញពីផ្ទះ។",
        "id": "Cermin seluruh badan yang bisa disandarkan atau digantung di dinding, untuk memeriksa penampilan sebelum keluar rumah.",
    }, matfmt=MIRROR_FRAME),
    "bathmirror": K("bathmirror", "Bathroom Mirror", ("กระจกห้องน้ำ", ""), ("Cermin Bilik Mandi", ""), ("កញ្ចក់បន្ទប់ទឹក", ""), ("Cermin Kamar Mandi", ""), {
        "en": "A moisture-resistant bathroom mirror with rounded corners and a slim frame.",
        "th": "กระจกห้องน้ำทนความชื้น มุมโค้งมน กรอบบาง",
        "my": "Cermin bilik mandi yang tahan lembap dengan bucu bulat dan bingkai nipis.",
        "km": "កញ្ចក់បន្ទប់ទឹកធន់នឹងសំណើម មានជ្រុងមូល និងស៊ុមស្ដើង។",
        "id": "Cermin kamar mandi tahan lembap dengan sudut membulat dan bingkai tipis.",
    }, matfmt=MIRROR_FRAME),
    "carvedmirror": K("carvedmirror", "Carved Mirror", ("กระจกเงาแกะสลัก", ""), ("Cermin Ukiran", ""), ("កញ្ចក់ឆ្លាក់", ""), ("Cermin Ukir", ""), {
        "en": "A tall mirror in a hand-carved frame with a traditional Thai floral pattern.",
        "th": "กระจกเงาบานสูง กรอบแกะสลักมือลวดลายดอกไม้แบบไทย",
        "my": "Cermin tinggi dalam bingkai ukiran tangan bercorak bunga tradisional Thailand.",
        "km": "កញ្ចក់ខ្ពស់មានស៊ុមឆ្លាក់ដោយដៃ លំនាំផ្កាបែបថៃប្រពៃណី។",
        "id": "Cermin tinggi berbingkai ukiran tangan dengan motif bunga tradisional Thailand.",
    }, matfmt=MIRROR_FRAME),
    "cushion": K("cushion", "Cushion", ("หมอนอิง", ""), ("Kusyen", ""), ("ខ្នើយ", ""), ("Bantal Sofa", ""), {
        "en": "A 45 x 45 cm cushion with a zipped cover and a plump, washable filling.",
        "th": "หมอนอิงขนาด 45 x 45 ซม. ปลอกมีซิป ไส้หมอนแน่นฟู ซักได้",
        "my": "Kusyen 45 x 45 cm dengan sarung berzip dan isian gebu yang boleh dibasuh.",
        "km": "ខ្នើយទំហំ 45 x 45 សង់ទីម៉ែត្រ ស្រោបមានរ៉ូត និងសាច់ខ្នើយប៉ោងដែលអាចបោកបាន។",
        "id": "Bantal sofa 45 x 45 cm dengan sarung beritsleting dan isian empuk yang bisa dicuci.",
    }),
    "trianglecushion": K("trianglecushion", "Thai Triangle Cushion", ("หมอนอิงสามเหลี่ยม", ""), ("Bantal Segi Tiga Thai", ""), ("ខ្នើយត្រីកោណបែបថៃ", ""), ("Bantal Segitiga Thailand", ""), {
        "en": "The classic Thai triangle cushion with a firm kapok filling, for sitting comfortably on the floor.",
        "th": "หมอนสามเหลี่ยมแบบไทยดั้งเดิม ยัดนุ่นแน่น สำหรับนั่งพิงบนพื้นได้สบาย",
        "my": "Bantal segi tiga Thailand klasik dengan isian kekabu yang padat, untuk duduk selesa di atas lantai.",
        "km": "ខ្នើយត្រីកោណបែបថៃបុរាណ ញាត់សំឡីគរយ៉ាងណែន សម្រាប់អង្គុយផ្អែកលើឥដ្ឋបានស្រួល។",
        "id": "Bantal segitiga khas Thailand dengan isian kapuk yang padat, untuk duduk nyaman di lantai.",
    }),
    "throw": K("throw", "Throw Blanket", ("ผ้าห่มทอลาย", ""), ("Selimut Hiasan", ""), ("ភួយត្បាញ", ""), ("Selimut Sofa", ""), {
        "en": "A soft woven throw with tassels for cool evenings on the sofa or at the foot of the bed.",
        "th": "ผ้าห่มทอลายเนื้อนุ่ม ชายพู่ สำหรับห่มคลุมยามเย็นบนโซฟาหรือพาดปลายเตียง",
        "my": "Selimut tenunan lembut berjumbai untuk petang yang dingin di sofa atau di hujung katil.",
        "km": "ភួយត្បាញទន់មានរំយោល សម្រាប់ដណ្ដប់ពេលល្ងាចត្រជាក់លើសាឡុង ឬដាក់នៅចុងគ្រែ។",
        "id": "Selimut tenun lembut berumbai untuk sore yang sejuk di sofa atau di ujung tempat tidur.",
    }),
    "cloudcushion": K("cloudcushion", "Cloud Cushion", ("หมอนอิงรูปก้อนเมฆ", ""), ("Kusyen Awan", ""), ("ខ្នើយរាងពពក", ""), ("Bantal Awan", ""), {
        "en": "A huggable cloud-shaped cushion for the kids' room, filled with soft hypoallergenic fibre.",
        "th": "หมอนอิงรูปก้อนเมฆสำหรับห้องเด็ก กอดนุ่ม ใยสังเคราะห์ป้องกันภูมิแพ้",
        "my": "Kusyen berbentuk awan yang enak dipeluk untuk bilik kanak-kanak, diisi gentian lembut hipoalergenik.",
        "km": "ខ្នើយរាងពពកសម្រាប់បន្ទប់កុមារ ទន់ល្មមឱប ញាត់ដោយសរសៃទន់ដែលមិនបង្កអាឡែហ្ស៊ី។",
        "id": "Bantal berbentuk awan yang enak dipeluk untuk kamar anak, berisi serat lembut hipoalergenik.",
    }, kids=True),
    "curtain": K("curtain", "Blackout Curtain", ("ผ้าม่านทึบแสง", ""), ("Langsir Blackout", ""), ("វាំងននបាំងពន្លឺ", ""), ("Gorden Blackout", ""), {
        "en": "A blackout curtain panel with eyelets that blocks most of the light and keeps the bedroom cooler.",
        "th": "ผ้าม่านทึบแสงแบบตาไก่ กันแสงได้เกือบทั้งหมด ช่วยให้ห้องนอนเย็นขึ้น",
        "my": "Panel langsir blackout bermata logam yang menghalang hampir semua cahaya dan memastikan bilik tidur lebih sejuk.",
        "km": "វាំងននបាំងពន្លឺមានរង្វង់ដែក ដែលបាំងពន្លឺស្ទើរទាំងអស់ និងធ្វើឱ្យបន្ទប់គេងត្រជាក់ជាងមុន។",
        "id": "Gorden blackout dengan ring mata ayam yang menahan hampir semua cahaya dan menjaga kamar tidur tetap sejuk.",
    }),
    "sheer": K("curtain", "Sheer Curtain", ("ผ้าม่านโปร่ง", ""), ("Langsir Nipis", ""), ("វាំងននស្ដើង", ""), ("Gorden Vitrase", ""), {
        "en": "A light sheer curtain that softens the sunlight and keeps your privacy during the day.",
        "th": "ผ้าม่านโปร่งบางเบา กรองแสงแดดให้นุ่มนวล และยังคงความเป็นส่วนตัวในเวลากลางวัน",
        "my": "Langsir nipis yang ringan melembutkan cahaya matahari dan menjaga privasi pada waktu siang.",
        "km": "វាំងននស្ដើងស្រាល ដែលធ្វើឱ្យពន្លឺថ្ងៃទន់ និងរក្សាភាពឯកជនពេលថ្ងៃ។",
        "id": "Gorden vitrase yang ringan melembutkan sinar matahari dan menjaga privasi di siang hari.",
    }, sheer=True),
    "cafecurtain": K("curtain", "Kitchen Curtain", ("ผ้าม่านสั้น", "สำหรับห้องครัว"), ("Langsir Dapur", ""), ("វាំងននផ្ទះបាយ", ""), ("Gorden Dapur", ""), {
        "en": "A short café-style curtain for the kitchen window that lets light in over the top.",
        "th": "ผ้าม่านสั้นสไตล์คาเฟ่สำหรับหน้าต่างห้องครัว บังสายตาด้านล่าง ให้แสงส่องเข้าทางด้านบน",
        "my": "Langsir pendek gaya kafe untuk tingkap dapur yang membiarkan cahaya masuk dari atas.",
        "km": "វាំងននខ្លីបែបហាងកាហ្វេ សម្រាប់បង្អួចផ្ទះបាយ ដែលឱ្យពន្លឺចូលពីខាងលើ។",
        "id": "Gorden pendek bergaya kafe untuk jendela dapur yang membiarkan cahaya masuk dari atas.",
    }, short=True),
    "blind": K("blind", "Roll-Up Blind", ("มู่ลี่", ""), ("Bidai", ""), ("រនាំង", ""), ("Kerai", ""), {
        "en": "A roll-up blind with a simple cord pull that filters the sun and lets the breeze through.",
        "th": "มู่ลี่แบบม้วนเก็บ ดึงเชือกขึ้นลงง่าย กรองแสงแดดและให้ลมพัดผ่านได้",
        "my": "Bidai gulung dengan tali tarik mudah yang menapis cahaya matahari dan membenarkan angin masuk.",
        "km": "រនាំងរមូរមានខ្សែទាញងាយស្រួល ដែលចម្រោះពន្លឺថ្ងៃ និងឱ្យខ្យល់ចូលបាន។",
        "id": "Kerai gulung dengan tali tarik sederhana yang menyaring sinar matahari dan membiarkan angin masuk.",
    }),
}

SIZES.update({
    "160x230": {"en": "160 x 230 cm", "th": "160 x 230 ซม.", "my": "160 x 230 cm", "km": "160 x 230 សង់ទីម៉ែត្រ", "id": "160 x 230 cm"},
    "140x200": {"en": "140 x 200 cm", "th": "140 x 200 ซม.", "my": "140 x 200 cm", "km": "140 x 200 សង់ទីម៉ែត្រ", "id": "140 x 200 cm"},
})

# Materials whose name appears in the product name unless a product says otherwise.
MATERIAL_IN_NAME = {"teak", "oak", "rubberwood", "pine", "rattan", "bamboo", "leather", "velvet", "marble", "glass"}

# --------------------------------------------------------------------------------------
# The catalogue. Prices in baht; dimensions (width, depth, height) in millimetres.
# Options: n (number in the name), size (SIZES key), m (material in the name or not),
# stock / active (otherwise derived from the code).
# --------------------------------------------------------------------------------------


def P(code, kind, line, material, colour, price, dims, rooms, category, **opts):
    return dict(code=code, kind=kind, line=line, material=material, colour=colour, price=price,
                dims=dims, rooms=rooms, category=category, **opts)


PRODUCTS = [
    # ---- Sofas ----
    P("SF-1001", "sofa3", "nara", "fabric", "grey", 18900, (2100, 880, 840), ["living"], "sofas-3-seat", popularity=96),
    P("SF-1002", "sofa2", "nara", "fabric", "grey", 14500, (1600, 880, 840), ["living"], "sofas-2-seat"),
    P("SF-1003", "sofa3", "nordic", "fabric", "beige", 22900, (2200, 900, 820), ["living"], "sofas-3-seat"),
    P("SF-1004", "sofa3", "sukhothai", "teak", "natural", 34900, (2050, 820, 880), ["living"], "sofas-3-seat"),
    P("SF-1005", "sofa3", "bangrak", "velvet", "green", 27900, (2150, 920, 800), ["living"], "sofas-3-seat"),
    P("SF-1006", "sofa3", "ratchada", "leather", "brown", 44900, (2250, 950, 830), ["living", "office"], "sofas-3-seat", stock=0),
    P("SF-1007", "sofa2", "nordic", "fabric", "blue", 16900, (1650, 880, 820), ["living", "office"], "sofas-2-seat"),
    P("SF-1008", "sofa2", "ari", "velvet", "pink", 15900, (1500, 820, 800), ["living", "bedroom"], "sofas-2-seat"),
    P("SF-1009", "sofabed", "nordic", "fabric", "yellow", 12900, (1900, 900, 850), ["living", "office"], "sofa-beds"),
    P("SF-1010", "corner", "sathorn", "fabric", "grey", 32900, (2600, 1800, 820), ["living"], "sofas-corner"),
    P("SF-1011", "corner", "nordic", "fabric", "beige", 38900, (2800, 1650, 800), ["living"], "sofas-corner"),
    P("SF-1012", "armchair", "ari", "teak", "natural", 7900, (780, 800, 850), ["living", "bedroom"], "armchairs"),
    P("SF-1020", "sofabed", "lumpini", "fabric", "grey", 16900, (1950, 920, 860), ["living"], "sofa-beds"),
    P("SF-2001", "sofa3", "lanna", "rattan", "natural", 25900, (2000, 850, 850), ["living", "outdoor"], "sofas-3-seat"),
    P("SF-2002", "sofa2", "chiangmai", "leather", "black", 24900, (1700, 900, 820), ["living", "office"], "sofas-2-seat"),
    P("SF-2003", "corner", "ratchada", "leather", "brown", 54900, (2900, 1900, 830), ["living"], "sofas-corner"),
    P("SF-2004", "kidsofa", "mali", "fabric", "blue", 5900, (1100, 650, 550), ["kids", "living"], "sofa-beds"),
    P("SF-2005", "armchair", "lanna", "rattan", "natural", 8500, (750, 780, 820), ["living", "outdoor"], "armchairs"),
    P("SF-2006", "wingback", "siam", "velvet", "blue", 12900, (800, 850, 1050), ["living", "bedroom"], "armchairs"),
    P("SF-2007", "armchair", "nordic", "fabric", "grey", 6900, (720, 760, 800), ["living", "bedroom"], "armchairs"),
    # ---- Beds ----
    # One bed in two sizes: until variants the 5 ft and 6 ft were two products (BD-2001 and
    # BD-2002); the 6 ft in walnut keeps BD-2002 as its variant code, so old carts and orders
    # still name it.
    P("BD-2001", "bed", "chiangmai", "rubberwood", "brown", 15900, (1650, 2120, 1000), ["bedroom"], "beds-double", popularity=91),
    P("BD-2003", "bed", "nordic", "oak", "natural", 17900, (1650, 2100, 950), ["bedroom"], "beds-double"),
    P("BD-2004", "bed", "sukhothai", "teak", "brown", 38900, (1950, 2150, 1150), ["bedroom"], "beds-double", size="6ft", stock=0),
    P("BD-2005", "bed", "siam", "velvet", "grey", 24900, (1950, 2150, 1200), ["bedroom"], "beds-double"),
    P("BD-2006", "steelbed", "loft", "metal", "black", 8900, (1600, 2050, 950), ["bedroom"], "beds-double", m=True),
    P("BD-2007", "bed", "lanna", "rattan", "natural", 21900, (1650, 2100, 1100), ["bedroom"], "beds-double"),
    P("BD-2101", "singlebed", "nordic", "pine", "white", 8900, (1100, 2050, 900), ["bedroom", "kids"], "beds-single"),
    P("BD-2102", "kidbed", "mali", "pine", "blue", 9500, (1100, 2050, 800), ["kids"], "beds-single", size="3.5ft"),
    P("BD-2103", "daybed", "sabai", "metal", "white", 9900, (1000, 2000, 850), ["living", "bedroom", "office"], "beds-single"),
    P("BD-2201", "bunk", "mali", "pine", "natural", 15900, (1100, 2080, 1650), ["kids"], "bunk-beds"),
    P("BD-2202", "bunk", "loft", "metal", "grey", 12900, (1050, 2050, 1600), ["kids"], "bunk-beds", m=True),
    P("BD-2203", "loftbed", "pop", "pine", "white", 18900, (1100, 2080, 1800), ["kids"], "bunk-beds"),
    P("BD-2301", "mattress_spring", "sabai", "fabric", "white", 12900, (1520, 1980, 260), ["bedroom"], "mattresses"),
    P("BD-2302", "mattress_latex", "sabai", "fabric", "white", 24900, (1830, 1980, 250), ["bedroom"], "mattresses", size="6ft"),
    P("BD-2303", "mattress_foam", "mali", "fabric", "blue", 4900, (1050, 2000, 150), ["kids"], "mattresses"),
    # ---- Tables ----
    P("TB-3001", "dining", "yaowarat", "rubberwood", "natural", 14900, (1800, 900, 750), ["dining"], "dining-tables", n=6, popularity=88),
    P("TB-3002", "dining", "yaowarat", "rubberwood", "natural", 10900, (1400, 800, 750), ["dining", "kitchen"], "dining-tables", n=4),
    P("TB-3003", "rounddining", "nordic", "oak", "natural", 12900, (1100, 1100, 750), ["dining", "kitchen"], "dining-tables"),
    P("TB-3004", "dining", "sathorn", "marble", "white", 29900, (1600, 900, 750), ["dining"], "dining-tables", n=6, stock=0),
    P("TB-3005", "dining", "sukhothai", "teak", "brown", 39900, (2200, 1000, 760), ["dining"], "dining-tables", n=8),
    P("TB-3006", "bistro", "cafe", "metal", "black", 3490, (600, 600, 750), ["kitchen", "dining"], "dining-tables"),
    P("TB-3101", "coffee", "kanlaya", "teak", "brown", 6500, (1100, 600, 420), ["living"], "coffee-tables"),
    P("TB-3102", "roundcoffee", "nordic", "oak", "natural", 4900, (800, 800, 400), ["living"], "coffee-tables"),
    P("TB-3103", "coffee", "melaka", "glass", "black", 5900, (1200, 600, 400), ["living"], "coffee-tables"),
    P("TB-3104", "roundcoffee", "sathorn", "marble", "white", 12900, (900, 900, 380), ["living"], "coffee-tables"),
    P("TB-3105", "coffee", "lanna", "rattan", "natural", 4590, (1000, 550, 400), ["living", "outdoor"], "coffee-tables"),
    P("TB-3201", "side", "nordic", "oak", "white", 1890, (450, 450, 550), ["living", "bedroom"], "side-tables"),
    P("TB-3202", "roundside", "sathorn", "marble", "green", 3900, (420, 420, 520), ["living", "bedroom"], "side-tables"),
    P("TB-3203", "bedside", "bali", "bamboo", "natural", 1590, (420, 380, 550), ["bedroom"], "side-tables"),
    P("TB-3204", "roundside", "pop", "metal", "yellow", 1290, (400, 400, 500), ["living", "kids"], "side-tables", active=False),
    P("TB-3205", "bedside", "doi", "oak", "natural", 2490, (450, 400, 550), ["bedroom"], "side-tables"),
    P("TB-3301", "dressing", "rin", "rubberwood", "white", 6900, (1000, 450, 1400), ["bedroom"], "dressing-tables"),
    P("TB-3302", "dressing", "lanna", "teak", "brown", 12900, (1100, 480, 1550), ["bedroom"], "dressing-tables"),
    # ---- Chairs ----
    P("CH-3101", "diningchair", "suan", "rubberwood", "natural", 2490, (450, 520, 820), ["dining", "kitchen"], "dining-chairs", popularity=85),
    P("CH-3102", "diningchair", "nordic", "oak", "natural", 2290, (460, 500, 800), ["dining"], "dining-chairs"),
    P("CH-3103", "diningchair", "bangrak", "velvet", "green", 3290, (480, 550, 820), ["dining"], "dining-chairs"),
    P("CH-3104", "diningchair", "sukhothai", "teak", "brown", 4900, (480, 540, 900), ["dining"], "dining-chairs"),
    P("CH-3105", "diningchair", "pop", "plastic", "white", 1290, (460, 520, 810), ["kitchen", "dining"], "dining-chairs", active=False),
    P("CH-3106", "diningchair", "ratchada", "leather", "black", 4590, (470, 560, 850), ["dining", "office"], "dining-chairs"),
    P("CH-3107", "diningchair", "angkor", "rattan", "natural", 3590, (480, 540, 840), ["dining", "outdoor"], "dining-chairs"),
    P("CH-3201", "barstool", "talad", "metal", "black", 1890, (400, 400, 750), ["kitchen"], "bar-stools"),
    P("CH-3202", "barstool", "cafe", "metal", "red", 2290, (420, 420, 760), ["kitchen"], "bar-stools"),
    P("CH-3203", "barstool", "nordic", "oak", "natural", 2590, (420, 420, 650), ["kitchen", "dining"], "bar-stools"),
    P("CH-3204", "barstool", "bangrak", "velvet", "pink", 3490, (450, 450, 760), ["kitchen", "dining"], "bar-stools", stock=0),
    P("CH-3301", "stool", "nordic", "pine", "natural", 990, (350, 350, 450), ["kids", "bathroom", "kitchen"], "stools-benches"),
    P("CH-3302", "bench", "sukhothai", "teak", "natural", 5900, (1200, 350, 450), ["dining", "living"], "stools-benches"),
    P("CH-3303", "pouf", "lanna", "rattan", "natural", 1990, (450, 450, 420), ["living", "bedroom"], "stools-benches"),
    P("CH-3304", "kidstool", "pop", "plastic", "yellow", 390, (300, 300, 300), ["kids", "bathroom"], "stools-benches"),
    P("CH-3305", "hallbench", "doi", "oak", "natural", 3490, (1000, 350, 480), ["living"], "stools-benches"),
    P("CH-3306", "bathstool", "bali", "bamboo", "natural", 690, (400, 300, 400), ["bathroom"], "stools-benches"),
    # ---- Storage ----
    P("ST-6001", "wardrobe", "doi", "oak", "natural", 8900, (1000, 600, 2000), ["bedroom"], "wardrobes", n=2),
    P("ST-6002", "wardrobe_mirror", "doi", "oak", "white", 12900, (1500, 600, 2000), ["bedroom"], "wardrobes", n=3),
    P("ST-6003", "wardrobe", "sukhothai", "teak", "brown", 29900, (1200, 600, 2000), ["bedroom"], "wardrobes", n=2, stock=0),
    P("ST-6004", "wardrobe_sliding", "bangrak", "rubberwood", "grey", 15900, (1800, 620, 2100), ["bedroom"], "wardrobes", m=False),
    P("ST-6005", "kidwardrobe", "mali", "pine", "pink", 6900, (800, 500, 1400), ["kids"], "wardrobes", m=False),
    P("ST-6101", "drawers", "doi", "oak", "natural", 5900, (800, 450, 1000), ["bedroom"], "chests-of-drawers", n=4),
    P("ST-6102", "drawers", "nordic", "pine", "white", 7900, (1200, 450, 800), ["bedroom", "living"], "chests-of-drawers", n=6),
    P("ST-6103", "drawers", "lanna", "rattan", "natural", 6500, (800, 450, 850), ["bedroom", "living"], "chests-of-drawers", n=3),
    P("ST-6104", "kidsdrawers", "pop", "plastic", "blue", 2490, (500, 400, 900), ["kids", "bathroom"], "chests-of-drawers", n=4, active=False),
    P("ST-6201", "bookcase", "thonglor", "rubberwood", "brown", 4590, (800, 300, 1800), ["living", "office"], "bookcases-shelves"),
    P("ST-6202", "ladder", "bali", "bamboo", "natural", 1990, (500, 350, 1600), ["bathroom", "living"], "bookcases-shelves"),
    P("ST-6203", "kitchenrack", "talad", "metal", "black", 2290, (900, 400, 1500), ["kitchen"], "bookcases-shelves"),
    P("ST-6204", "bathcabinet", "penang", "pine", "white", 2990, (400, 300, 1400), ["bathroom"], "bookcases-shelves", m=False),
    P("ST-6205", "toyshelf", "mali", "pine", "white", 2590, (1000, 300, 700), ["kids"], "bookcases-shelves", m=False),
    P("ST-6206", "trolley", "krua", "rubberwood", "natural", 3490, (600, 400, 850), ["kitchen"], "bookcases-shelves", m=False),
    P("ST-6301", "tvstand", "nordic", "oak", "white", 5900, (1600, 400, 500), ["living"], "tv-stands"),
    P("ST-6302", "tvstand", "lanna", "teak", "brown", 14900, (1800, 450, 550), ["living"], "tv-stands"),
    P("ST-6303", "sideboard", "ratchada", "oak", "natural", 11900, (1600, 450, 800), ["living", "dining"], "tv-stands"),
    P("ST-6401", "shoecab", "thonglor", "pine", "white", 3290, (800, 350, 1000), ["living"], "shoe-cabinets", m=False),
    P("ST-6402", "shoerack", "bali", "bamboo", "natural", 1290, (700, 300, 550), ["living"], "shoe-cabinets"),
    P("ST-6403", "shoecab", "angkor", "rattan", "natural", 4900, (900, 350, 900), ["living"], "shoe-cabinets"),
    # ---- Desks and office ----
    P("DK-4001", "desk", "silom", "oak", "natural", 4990, (1200, 600, 750), ["office"], "computer-desks"),
    P("DK-4002", "standing", "silom", "metal", "white", 15900, (1400, 700, 1200), ["office"], "standing-desks"),
    P("DK-4003", "kiddesk", "mali", "pine", "white", 3990, (1000, 600, 750), ["kids"], "computer-desks", m=False),
    P("DK-4004", "cornerdesk", "loft", "metal", "black", 4590, (1400, 1200, 750), ["office"], "computer-desks"),
    P("DK-4005", "writingdesk", "sukhothai", "teak", "brown", 13900, (1200, 550, 760), ["office", "living"], "computer-desks"),
    P("DK-4006", "laptopdesk", "bali", "bamboo", "natural", 2490, (900, 450, 750), ["office", "bedroom"], "computer-desks"),
    P("DK-4101", "standing", "asok", "oak", "natural", 18900, (1600, 800, 1100), ["office"], "standing-desks"),
    P("DK-4102", "standing_manual", "loft", "metal", "black", 8900, (1200, 600, 1000), ["office"], "standing-desks"),
    P("DK-4201", "officechair", "asok", "fabric", "black", 6900, (650, 650, 1150), ["office"], "office-chairs", popularity=93),
    P("DK-4202", "execchair", "ratchada", "leather", "brown", 8900, (700, 700, 1200), ["office"], "office-chairs", stock=0),
    P("DK-4203", "kidchair", "mali", "plastic", "blue", 1990, (500, 500, 850), ["kids"], "office-chairs"),
    P("DK-4204", "taskchair", "silom", "fabric", "grey", 2990, (600, 600, 950), ["office"], "office-chairs"),
    P("DK-4205", "swivel", "bangrak", "velvet", "pink", 3990, (620, 620, 800), ["office", "bedroom"], "office-chairs"),
    P("DK-4301", "filing", "loft", "metal", "grey", 4290, (460, 620, 1020), ["office"], "office-storage", n=3),
    P("DK-4302", "pedestal", "silom", "metal", "white", 2990, (400, 500, 600), ["office"], "office-storage"),
    P("DK-4303", "filing", "doi", "oak", "natural", 6900, (500, 600, 1300), ["office"], "office-storage", n=4),
    # ---- Outdoor ----
    P("OD-5001", "gardenset", "huahin", "rattan", "natural", 19900, (1500, 900, 740), ["outdoor"], "garden-dining-sets", n=4),
    P("OD-5002", "gardenset", "sukhothai", "teak", "natural", 45900, (2000, 1000, 750), ["outdoor"], "garden-dining-sets", n=6),
    P("OD-5003", "bistroset", "cafe", "metal", "green", 4990, (600, 600, 730), ["outdoor"], "garden-dining-sets", n=2),
    P("OD-5004", "gardenset", "pop", "plastic", "white", 3490, (900, 900, 720), ["outdoor"], "garden-dining-sets", n=4),
    P("OD-5005", "gardenset", "pai", "bamboo", "natural", 6900, (1200, 700, 720), ["outdoor"], "garden-dining-sets", n=4),
    P("OD-5101", "lounger", "samui", "teak", "natural", 8900, (1950, 650, 350), ["outdoor"], "sun-loungers"),
    P("OD-5102", "lounger", "phuket", "rattan", "grey", 12900, (2000, 700, 400), ["outdoor"], "sun-loungers", stock=0),
    P("OD-5103", "foldlounger", "krabi", "fabric", "blue", 1490, (600, 900, 900), ["outdoor"], "sun-loungers"),
    P("OD-5104", "lounger", "kohchang", "plastic", "white", 2490, (1900, 650, 350), ["outdoor"], "sun-loungers"),
    P("OD-5201", "hammock", "mekong", "fabric", "red", 1290, (2800, 1400, 1200), ["outdoor"], "hammocks-swings"),
    P("OD-5202", "eggchair", "bali", "rattan", "natural", 8900, (1050, 1050, 1950), ["outdoor", "living"], "hammocks-swings"),
    P("OD-5203", "hammockstand", "mekong", "fabric", "green", 4590, (3000, 1200, 1100), ["outdoor"], "hammocks-swings"),
    P("OD-5204", "swingbench", "sukhothai", "teak", "natural", 15900, (1900, 1200, 1900), ["outdoor"], "hammocks-swings"),
    P("OD-5205", "kidswing", "pop", "plastic", "yellow", 1590, (450, 200, 2000), ["kids", "outdoor"], "hammocks-swings"),
    # ---- Home decor ----
    P("DC-7001", "floorlamp", "lanna", "bamboo", "natural", 2490, (450, 450, 1600), ["living", "bedroom"], "lighting"),
    P("DC-7002", "tablelamp", "nordic", "oak", "white", 1290, (300, 300, 500), ["bedroom", "living"], "lighting"),
    P("DC-7003", "pendant", "loft", "metal", "black", 1890, (350, 350, 300), ["dining", "kitchen"], "lighting"),
    P("DC-7004", "nightlamp", "pop", "plastic", "yellow", 590, (150, 150, 180), ["kids"], "lighting", active=False),
    P("DC-7005", "pendant", "lanna", "rattan", "natural", 2290, (500, 500, 350), ["dining", "living"], "lighting"),
    P("DC-7101", "rug", "nordic", "fabric", "grey", 3990, (1600, 2300, 10), ["living"], "rugs"),
    P("DC-7102", "handrug", "chiangmai", "fabric", "red", 4900, (1400, 2000, 10), ["living", "bedroom"], "rugs", size="140x200", stock=0),
    P("DC-7103", "roundrug", "mali", "fabric", "blue", 1990, (1200, 1200, 10), ["kids"], "rugs"),
    P("DC-7104", "bathmat", "penang", "fabric", "green", 390, (500, 800, 15), ["bathroom"], "rugs"),
    P("DC-7201", "mirror", "bali", "rattan", "natural", 1990, (600, 40, 600), ["living", "bedroom", "bathroom"], "mirrors"),
    P("DC-7202", "floormirror", "nordic", "oak", "natural", 2990, (500, 40, 1600), ["bedroom"], "mirrors"),
    P("DC-7203", "bathmirror", "loft", "metal", "black", 1590, (500, 30, 700), ["bathroom"], "mirrors"),
    P("DC-7204", "carvedmirror", "sukhothai", "teak", "brown", 4900, (700, 50, 1200), ["living", "bedroom"], "mirrors"),
    P("DC-7301", "cushion", "bangrak", "velvet", "green", 390, (450, 150, 450), ["living", "bedroom"], "cushions-throws"),
    P("DC-7302", "trianglecushion", "lanna", "fabric", "red", 1290, (500, 450, 350), ["living"], "cushions-throws"),
    P("DC-7303", "throw", "chiangmai", "fabric", "beige", 890, (1300, 1700, 5), ["living", "bedroom"], "cushions-throws"),
    P("DC-7304", "cloudcushion", "mali", "fabric", "pink", 350, (500, 150, 320), ["kids"], "cushions-throws"),
    P("DC-7305", "cushion", "angkor", "fabric", "blue", 450, (450, 150, 450), ["living"], "cushions-throws"),
    P("DC-7401", "curtain", "siam", "fabric", "grey", 1290, (1400, 20, 2200), ["bedroom", "living"], "curtains"),
    P("DC-7402", "sheer", "nordic", "fabric", "white", 790, (1400, 10, 2200), ["living", "bedroom"], "curtains"),
    P("DC-7403", "cafecurtain", "krua", "fabric", "yellow", 490, (900, 10, 600), ["kitchen"], "curtains"),
    P("DC-7404", "blind", "bali", "bamboo", "natural", 990, (1200, 30, 1600), ["living", "outdoor"], "curtains"),
]

# --------------------------------------------------------------------------------------
# Options and variants (docs/VARIANTS.md §1): where a real shop sells one product in several
# fabrics, finishes or sizes, the product has options and one variant per combination on sale.
# Colour and material values are label keys (the groups "colour" and "material" above); size
# values have a slug key. Every look a colour or material value gives gets its own picture,
# drawn like image 1 in that colour: {code}-{value}.png (the product's own colour keeps its
# pictures 1 to 3).
# --------------------------------------------------------------------------------------


def L(en, th, my, km, id_):
    return {"en": en, "th": th, "my": my, "km": km, "id": id_}


# Option names.
OPTION_NAMES = {
    "fabric": L("Fabric", "สีผ้า", "Warna fabrik", "ពណ៌ក្រណាត់", "Warna kain"),
    "velvet": L("Velvet", "สีผ้ากำมะหยี่", "Warna baldu", "ពណ៌ក្រណាត់វ៉ែលវ៉េត", "Warna beludru"),
    "leather": L("Leather", "สีหนัง", "Warna kulit", "ពណ៌ស្បែក", "Warna kulit"),
    "colour": L("Colour", "สี", "Warna", "ពណ៌", "Warna"),
    "finish": L("Finish", "โทนสีไม้", "Kemasan", "ពណ៌លាប", "Finishing"),
    "frame": L("Frame colour", "สีโครง", "Warna rangka", "ពណ៌គ្រោង", "Warna rangka"),
    "upholstery": L("Upholstery", "วัสดุหุ้ม", "Bahan balutan", "សម្ភារៈស្រោប", "Bahan pelapis"),
    "size": L("Size", "ขนาด", "Saiz", "ទំហំ", "Ukuran"),
    "width": L("Width", "ความกว้าง", "Lebar", "ទទឹង", "Lebar"),
    "height": L("Height", "ความสูง", "Ketinggian", "កម្ពស់", "Tinggi"),
    "seat_height": L("Seat height", "ความสูงที่นั่ง", "Ketinggian tempat duduk", "កម្ពស់កន្លែងអង្គុយ", "Tinggi dudukan"),
    "corner": L("Corner side", "ด้านเข้ามุม", "Sisi sudut", "ទិសជ្រុង", "Sisi sudut"),
    "firmness": L("Firmness", "ระดับความแน่น", "Tahap kekerasan", "កម្រិតរឹង", "Tingkat kekerasan"),
}

# Colour values: slug -> (label key, drawing colour or None for the key's own, suffix of the
# variant code, texts). The swatch is the colour the picture draws.
COLOUR_VALUES = {
    "grey": ("grey", None, "GRY", L("Grey", "สีเทา", "Kelabu", "ពណ៌ប្រផេះ", "Abu-abu")),
    "darkgrey": ("grey", (92, 94, 100), "DGR", L("Dark grey", "สีเทาเข้ม", "Kelabu gelap", "ពណ៌ប្រផេះចាស់", "Abu-abu tua")),
    "lightgrey": ("grey", (188, 190, 192), "LGR", L("Light grey", "สีเทาอ่อน", "Kelabu cerah", "ពណ៌ប្រផេះខ្ចី", "Abu-abu muda")),
    "beige": ("beige", None, "BEI", L("Beige", "สีเบจ", "Kuning air", "ពណ៌ក្រែម", "Krem")),
    "olive": ("green", (122, 126, 82), "OLV", L("Olive", "สีเขียวมะกอก", "Hijau zaitun", "ពណ៌បៃតងអូលីវ", "Hijau zaitun")),
    "green": ("green", None, "GRN", L("Green", "สีเขียว", "Hijau", "ពណ៌បៃតង", "Hijau")),
    "emerald": ("green", (40, 106, 82), "EMR", L("Emerald", "สีเขียวมรกต", "Hijau zamrud", "ពណ៌បៃតងមរកត", "Hijau zamrud")),
    "blue": ("blue", None, "BLU", L("Blue", "สีน้ำเงิน", "Biru", "ពណ៌ខៀវ", "Biru")),
    "navy": ("blue", (46, 60, 94), "NVY", L("Navy", "สีกรมท่า", "Biru tua", "ពណ៌ខៀវចាស់", "Biru dongker")),
    "lightblue": ("blue", (150, 186, 214), "LBL", L("Light blue", "สีฟ้า", "Biru muda", "ពណ៌ខៀវខ្ចី", "Biru muda")),
    "pink": ("pink", None, "PNK", L("Pink", "สีชมพู", "Merah jambu", "ពណ៌ផ្កាឈូក", "Merah muda")),
    "dustypink": ("pink", (200, 146, 146), "DPK", L("Dusty pink", "สีชมพูหม่น", "Merah jambu pudar", "ពណ៌ផ្កាឈូកស្លេក", "Merah muda pudar")),
    "yellow": ("yellow", None, "YEL", L("Yellow", "สีเหลือง", "Kuning", "ពណ៌លឿង", "Kuning")),
    "red": ("red", None, "RED", L("Red", "สีแดง", "Merah", "ពណ៌ក្រហម", "Merah")),
    "terracotta": ("red", (184, 100, 72), "TRC", L("Terracotta", "สีส้มอิฐ", "Terakota", "ពណ៌ក្រហមឥដ្ឋ", "Terakota")),
    "white": ("white", None, "WHT", L("White", "สีขาว", "Putih", "ពណ៌ស", "Putih")),
    "black": ("black", None, "BLK", L("Black", "สีดำ", "Hitam", "ពណ៌ខ្មៅ", "Hitam")),
    "brown": ("brown", None, "BRN", L("Brown", "สีน้ำตาล", "Coklat", "ពណ៌ត្នោត", "Cokelat")),
    "darkbrown": ("brown", (96, 64, 42), "DBR", L("Dark brown", "สีน้ำตาลเข้ม", "Coklat gelap", "ពណ៌ត្នោតចាស់", "Cokelat tua")),
    "natural": ("natural", None, "NAT", L("Natural", "สีธรรมชาติ", "Warna asli", "ពណ៌ធម្មជាតិ", "Warna alami")),
    "walnut": ("brown", (112, 76, 50), "WAL", L("Walnut", "สีวอลนัท", "Walnut", "ពណ៌ត្នោតចាស់", "Walnut")),
}

# Material values: the label key is the slug; texts are the material labels.
MATERIAL_SUFFIX = {"fabric": "FAB", "velvet": "VEL", "leather": "LTH"}


def cm(a, b=None, key=None, sfx=None):
    """A size value in centimetres: '120 x 60 cm' (or '80 cm' with one figure)."""
    text = "%s x %s" % (a, b) if b is not None else str(a)
    slug = key or ("%sx%s" % (a, b) if b is not None else "%s-cm" % a)
    return {"key": slug, "sfx": sfx or ("%sX%s" % (a, b) if b is not None else str(a)),
            "text": L(text + " cm", text + " ซม.", text + " cm", text + " សង់ទីម៉ែត្រ", text + " cm")}


def round_cm(dia):
    text = "Ø %s" % dia
    return {"key": "dia-%s" % dia, "sfx": "D%s" % dia,
            "text": L(text + " cm", text + " ซม.", text + " cm", text + " សង់ទីម៉ែត្រ", text + " cm")}


# Thai bed and mattress sizes in feet; Indonesian shops give them in centimetres (as SIZES does).
FEET = {
    "3": {"key": "3-ft", "sfx": "3FT", "text": L("3 ft", "3 ฟุต", "3 kaki", "3 ហ្វីត", "90 x 200 cm")},
    "3.5": {"key": "3-5-ft", "sfx": "3.5FT", "text": dict(SIZES["3.5ft"])},
    "5": {"key": "5-ft", "sfx": "5FT", "text": dict(SIZES["5ft"])},
    "6": {"key": "6-ft", "sfx": "6FT", "text": dict(SIZES["6ft"])},
}

OTHER_VALUES = {
    # corner side: the drawing shows the chaise on the right; the left one is its mirror image
    "right": {"key": "right", "sfx": "R", "mirror": False, "text": L("Right", "ขวา", "Kanan", "ស្ដាំ", "Kanan")},
    "left": {"key": "left", "sfx": "L", "mirror": True, "text": L("Left", "ซ้าย", "Kiri", "ឆ្វេង", "Kiri")},
    # a corner desk is drawn with its return on the left
    "desk-left": {"key": "left", "sfx": "L", "mirror": False, "text": L("Left", "ซ้าย", "Kiri", "ឆ្វេង", "Kiri")},
    "desk-right": {"key": "right", "sfx": "R", "mirror": True, "text": L("Right", "ขวา", "Kanan", "ស្ដាំ", "Kanan")},
    "medium": {"key": "medium", "sfx": "MED", "text": L("Medium", "ปานกลาง", "Sederhana", "មធ្យម", "Sedang")},
    "firm": {"key": "firm", "sfx": "FIRM", "text": L("Firm", "แน่น", "Keras", "រឹង", "Keras")},
    "single": {"key": "single", "sfx": "1P", "text": L("Single", "สำหรับ 1 คน", "Seorang", "សម្រាប់មួយនាក់", "Satu orang")},
    "double": {"key": "double", "sfx": "2P", "text": L("Double", "สำหรับ 2 คน", "Dua orang", "សម្រាប់ពីរនាក់", "Dua orang")},
}


def C(name, *slugs):
    """A colour option: OPTION_NAMES key and COLOUR_VALUES slugs."""
    return {"kind": "colour", "name": name, "values": [{"slug": s} for s in slugs]}


def M(name, *slugs):
    """A material option: material label keys."""
    return {"kind": "material", "name": name, "values": [{"slug": s} for s in slugs]}


def S(name, *values):
    """A size option: (size value, price in baht, dimensions or None), smallest first."""
    out = []
    for value, price, dims in values:
        v = dict(FEET[value] if isinstance(value, str) else value)
        v.update(slug=v["key"], price=price, dims=dims)
        out.append(v)
    return {"kind": "size", "name": name, "values": out}


def O(name, *values, kind="other"):
    """An option of other values (OTHER_VALUES slugs, or (slug, extra baht))."""
    out = []
    for value in values:
        slug, add = value if isinstance(value, tuple) else (value, 0)
        v = dict(OTHER_VALUES[slug])
        v.update(slug=slug, add=add)
        out.append(v)
    return {"kind": kind, "name": name, "values": out}


def plus(option, adds):
    """Extra baht for some values of an option: {slug: baht}."""
    for v in option["values"]:
        v["add"] = adds.get(v["slug"], 0)
    return option


# Per product: options (at most 3) and, optionally, only (the combinations on sale, as tuples
# of value slugs; otherwise every combination), inactive (combinations hidden), stock
# (combination -> level; otherwise derived from the variant code) and sale (combination ->
# compare-at price in baht, for variants on sale on their own).
VARIANT_SPECS = {
    # ---- sofas: fabrics, velvets, leathers; corner sofas by width and side ----
    "SF-1005": dict(options=[C("velvet", "green", "navy", "dustypink", "grey")]),
    "SF-1007": dict(options=[C("fabric", "blue", "grey", "beige", "olive")], stock={("olive",): 0}),
    "SF-1008": dict(options=[C("velvet", "pink", "emerald", "grey")]),
    "SF-1010": dict(options=[C("fabric", "grey", "beige", "olive"),
                             S("width", (cm(260), 32900, (2600, 1800, 820)), (cm(300), 37900, (3000, 1900, 820)))],
                    stock={("olive", "300-cm"): 1}),
    "SF-1011": dict(options=[C("fabric", "beige", "darkgrey"), O("corner", "left", "right")]),
    "SF-2006": dict(options=[C("velvet", "blue", "emerald", "dustypink", "grey")]),
    "SF-2007": dict(options=[plus(M("upholstery", "fabric", "velvet", "leather"), {"velvet": 1000, "leather": 3000}),
                             C("colour", "grey", "beige", "emerald", "dustypink", "brown", "black")],
                    only=[("fabric", "grey"), ("fabric", "beige"), ("velvet", "emerald"), ("velvet", "dustypink"),
                          ("leather", "brown"), ("leather", "black")]),
    # ---- beds and mattresses: Thai sizes 3, 3.5, 5 and 6 ft ----
    "BD-2001": dict(options=[S("size", ("5", 15900, (1650, 2120, 1000)), ("6", 18900, (1950, 2120, 1000))),
                             C("finish", "walnut", "natural", "white")],
                    codes={("5-ft", "walnut"): "BD-2001", ("6-ft", "walnut"): "BD-2002"},
                    stock={("6-ft", "white"): 2}),
    "BD-2003": dict(options=[S("size", ("3.5", 13900, (1150, 2100, 950)), ("5", 17900, (1650, 2100, 950)),
                               ("6", 20900, (1950, 2100, 950))),
                             C("finish", "natural", "white")],
                    only=[("3-5-ft", "natural"), ("5-ft", "natural"), ("5-ft", "white"), ("6-ft", "natural"),
                          ("6-ft", "white")]),
    "BD-2005": dict(options=[S("size", ("5", 22900, (1650, 2150, 1200)), ("6", 24900, (1950, 2150, 1200))),
                             C("velvet", "grey", "emerald", "navy")],
                    sale={("6-ft", "navy"): 27900}),
    "BD-2006": dict(options=[S("size", ("3.5", 6900, (1100, 2050, 950)), ("5", 8900, (1600, 2050, 950)),
                               ("6", 10900, (1900, 2050, 950))),
                             C("colour", "black", "white")]),
    "BD-2007": dict(options=[S("size", ("5", 21900, (1650, 2100, 1100)), ("6", 25900, (1950, 2100, 1100)))]),
    "BD-2101": dict(options=[S("size", ("3", 7900, (950, 2050, 900)), ("3.5", 8900, (1100, 2050, 900))),
                             C("colour", "white", "natural")]),
    "BD-2102": dict(options=[C("colour", "blue", "pink", "white")]),
    "BD-2301": dict(options=[S("size", ("3.5", 9900, (1050, 1980, 260)), ("5", 12900, (1520, 1980, 260)),
                               ("6", 14900, (1830, 1980, 260))),
                             O("firmness", "medium", ("firm", 1000))],
                    inactive=[("3-5-ft", "firm")]),
    "BD-2303": dict(options=[S("size", ("3", 3990, (900, 2000, 150)), ("3.5", 4900, (1050, 2000, 150)),
                               ("5", 6900, (1500, 2000, 150)))]),
    # ---- tables: sizes and wood finishes ----
    "TB-3003": dict(options=[S("size", (round_cm(90), 10900, (900, 900, 750)), (round_cm(110), 12900, (1100, 1100, 750)),
                               (round_cm(120), 14900, (1200, 1200, 750))),
                             C("finish", "natural", "white")]),
    "TB-3101": dict(options=[S("size", (cm(100, 55), 5900, (1000, 550, 420)), (cm(110, 60), 6500, (1100, 600, 420)),
                               (cm(130, 70), 7900, (1300, 700, 420)))]),
    "TB-3102": dict(options=[S("size", (round_cm(60), 3990, (600, 600, 400)), (round_cm(80), 4900, (800, 800, 400))),
                             C("finish", "natural", "white", "walnut")]),
    "TB-3205": dict(options=[C("finish", "natural", "white", "walnut")]),
    # ---- chairs and stools: colours and seat heights ----
    "CH-3201": dict(options=[C("colour", "black", "white", "red", "olive"),
                             S("seat_height", (cm(65), 1890, (400, 400, 650)), (cm(75), 1990, (400, 400, 750)))],
                    inactive=[("olive", "65-cm")], stock={("red", "75-cm"): 0}),
    "CH-3202": dict(options=[C("colour", "red", "black", "yellow", "lightblue")]),
    "CH-3203": dict(options=[S("seat_height", (cm(65), 2590, (420, 420, 650)), (cm(75), 2690, (420, 420, 750))),
                             C("finish", "natural", "black")]),
    "CH-3204": dict(options=[C("velvet", "pink", "emerald", "grey")], stock={("pink",): 0, ("grey",): 2}),
    "CH-3305": dict(options=[S("width", (cm(80), 2990, (800, 350, 480)), (cm(100), 3490, (1000, 350, 480)),
                               (cm(120), 3990, (1200, 350, 480)))]),
    # ---- desks and office chairs ----
    "DK-4001": dict(options=[S("size", (cm(100, 50), 4490, (1000, 500, 750)), (cm(120, 60), 4990, (1200, 600, 750)),
                               (cm(140, 70), 5990, (1400, 700, 750))),
                             C("finish", "natural", "white")]),
    "DK-4002": dict(options=[S("size", (cm(120, 60), 13900, (1200, 600, 1200)), (cm(140, 70), 15900, (1400, 700, 1200)),
                               (cm(160, 80), 17900, (1600, 800, 1200))),
                             C("frame", "white", "black")]),
    "DK-4004": dict(options=[C("colour", "black", "white"), O("corner", "desk-left", "desk-right")]),
    "DK-4101": dict(options=[S("size", (cm(140, 70), 17900, (1400, 700, 1100)), (cm(160, 80), 18900, (1600, 800, 1100)),
                               (cm(180, 80), 20900, (1800, 800, 1100)))]),
    "DK-4201": dict(options=[plus(M("upholstery", "fabric", "leather"), {"leather": 2000}), C("colour", "black", "grey")],
                    only=[("fabric", "black"), ("fabric", "grey"), ("leather", "black")]),
    "DK-4202": dict(options=[C("leather", "brown", "black")], stock={("brown",): 0, ("black",): 4}),
    "DK-4203": dict(options=[C("colour", "blue", "pink", "green", "yellow")]),
    "DK-4205": dict(options=[C("velvet", "pink", "emerald", "grey", "navy")]),
    # ---- storage: wardrobe and cabinet finishes, widths ----
    "ST-6001": dict(options=[C("finish", "natural", "white", "walnut")]),
    "ST-6002": dict(options=[C("finish", "white", "natural")]),
    "ST-6004": dict(options=[S("width", (cm(150), 13900, (1500, 620, 2100)), (cm(180), 15900, (1800, 620, 2100)),
                               (cm(200), 17900, (2000, 620, 2100))),
                             C("colour", "grey", "white")]),
    "ST-6005": dict(options=[C("colour", "pink", "lightblue", "white")]),
    "ST-6101": dict(options=[C("finish", "natural", "white", "walnut")]),
    "ST-6201": dict(options=[S("height", (cm(110), 3290, (800, 300, 1100)), (cm(180), 4590, (800, 300, 1800))),
                             C("finish", "walnut", "white")]),
    "ST-6301": dict(options=[S("width", (cm(120), 4990, (1200, 400, 500)), (cm(160), 5900, (1600, 400, 500)),
                               (cm(180), 6900, (1800, 400, 500))),
                             C("finish", "white", "natural")]),
    "ST-6303": dict(options=[C("finish", "natural", "walnut")]),
    # ---- outdoor ----
    "OD-5103": dict(options=[C("colour", "blue", "green", "red", "grey")]),
    "OD-5201": dict(options=[O("size", "single", ("double", 400), kind="size"), C("colour", "red", "blue", "green")]),
    # ---- decor: rug and curtain sizes, cushion colours ----
    "DC-7101": dict(options=[S("size", (cm(120, 170), 2490, (1200, 1700, 10)), (cm(160, 230), 3990, (1600, 2300, 10)),
                               (cm(200, 290), 6490, (2000, 2900, 10))),
                             C("colour", "grey", "beige", "navy")],
                    stock={("200x290", "navy"): 0}),
    "DC-7301": dict(options=[S("size", (cm(45, 45), 390, (450, 150, 450)), (cm(50, 50), 490, (500, 150, 500))),
                             C("velvet", "green", "dustypink", "navy", "yellow", "grey")]),
    "DC-7303": dict(options=[S("size", (cm(130, 170), 890, (1300, 1700, 5)), (cm(150, 200), 1190, (1500, 2000, 5))),
                             C("colour", "beige", "grey", "terracotta")]),
    "DC-7401": dict(options=[S("size", (cm(140, 160), 1090, (1400, 20, 1600)), (cm(140, 220), 1290, (1400, 20, 2200)),
                               (cm(140, 250), 1490, (1400, 20, 2500))),
                             C("colour", "grey", "beige", "navy")]),
}

# Pictures drawn for the looks of variants: file name -> (product as drawn, image style 1 or 2).
LOOK_IMAGES = {}
LOOK_URL = "/api/file/images/demo/{code}-{look}.png"
SLUG_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")


def hex_colour(rgb):
    return "#%02x%02x%02x" % tuple(rgb[:3])


def option_values(opt):
    """The option's values with their label key and texts."""
    out = []
    for v in opt["values"]:
        if opt["kind"] == "colour":
            key, rgb, sfx, text = COLOUR_VALUES[v["slug"]]
            out.append(dict(v, key=key, rgb=rgb, sfx=sfx, text=text))
        elif opt["kind"] == "material":
            out.append(dict(v, key=v["slug"], sfx=MATERIAL_SUFFIX[v["slug"]], text=MATERIAL_LABEL[v["slug"]]))
        else:
            out.append(dict(v))
    return out


def look_of(p, options, base_colour, combo):
    """How a combination looks: (product as drawn, picture slug, is the product's own look, mirrored)."""
    look = dict(p)
    parts, own, mirror = [], True, False
    for opt, v in zip(options, combo):
        if opt["kind"] == "material":
            look["material"] = v["key"]
            parts.append(v["slug"])
            own = own and v["key"] == p["material"]
        elif opt["kind"] == "colour":
            look["colour"] = v["key"]
            parts.append(v["slug"])
            if v["slug"] == base_colour:
                look.pop("rgb", None)
            else:
                own = False
                if v["rgb"]:
                    look["rgb"] = v["rgb"]
        if v.get("mirror"):
            mirror = True
            parts.append(v["key"])
    return look, "-".join(parts), own, mirror


def variant_images(p, code, originals, look, slug, own, mirror):
    """The pictures of a variant: the product's own for its own look (image 2 is the mirrored
    view), otherwise one drawn in that look."""
    if own and not mirror:
        return [u for i, u in enumerate(originals, start=1) if i != 2 or not p.get("mirror_option")]
    if own and mirror and len(originals) >= 2:
        return [originals[1]]
    name = "%s-%s.png" % (code, slug)
    LOOK_IMAGES[name] = (look, 2 if mirror else 1)
    return [LOOK_URL.format(code=code, look=slug)]


def add_variants(p, product, on_sale):
    """Gives a product its options and variants (VARIANT_SPECS), its pictures per look, and the
    summaries docs/VARIANTS.md §1 asks for: the lowest active price and its compare-at price,
    the stock of the active variants."""
    code = p["code"]
    spec = VARIANT_SPECS[code]
    options = spec["options"]
    values = [option_values(o) for o in options]
    p = dict(p, mirror_option=any(v.get("mirror") for vs in values for v in vs))
    # the product's own colour: the first value of its colour option with its colour key
    base_colour = None
    for opt, vs in zip(options, values):
        if opt["kind"] == "colour":
            base_colour = next((v["slug"] for v in vs if v["key"] == p["colour"]), None)
    combos = [[]]
    for vs in values:
        combos = [c + [v] for c in combos for v in vs]
    only = spec.get("only")
    if only is not None:
        wanted = [tuple(x) for x in only]
        combos = [c for c in combos if tuple(v["slug"] for v in c) in wanted]
        if len(combos) != len(wanted):
            raise SystemExit("%s: a combination in 'only' names an unknown value" % code)
    inactive = {tuple(x) for x in spec.get("inactive", [])}
    stock = {tuple(k): v for k, v in spec.get("stock", {}).items()}
    sale = {tuple(k): v for k, v in spec.get("sale", {}).items()}
    originals = list(product["images"])
    images = list(originals)
    variants = []
    for combo in combos:
        slugs = tuple(v["slug"] for v in combo)
        vcode = spec.get("codes", {}).get(slugs) or "-".join([code] + [v["sfx"] for v in combo])
        sized = [v for v in combo if "price" in v]
        price = (sized[0]["price"] if sized else p["price"]) + sum(v.get("add", 0) for v in combo)
        compare = None
        if code in on_sale:
            compare = round_price(price * (1.10 + h(code + "/pct", 16) / 100.0))
        if slugs in sale:
            compare = sale[slugs]
        if slugs in stock:
            level = stock[slugs]
        else:
            # about 6 % sold out and 10 % with one or two left; never the first, which the
            # product page shows first
            r = h(vcode + "/stock", 100)
            level = 0 if r < 6 else (1 + r % 2 if r < 16 else 3 + h(vcode + "/level", 16))
            if not variants and level == 0:
                level = 3 + h(vcode + "/level", 16)
        look, slug, own, mirror = look_of(p, options, base_colour, combo)
        pictures = variant_images(p, code, originals, look, slug, own, mirror)
        for url in pictures:
            if url not in images:
                images.append(url)
        variant = {
            "code": vcode,
            "values": [vs.index(v) for vs, v in zip(values, combo)],
            "price": price * 100,
        }
        if compare:
            variant["compareAtPrice"] = compare * 100
        variant["stock"] = level
        variant["active"] = slugs not in inactive
        dims = [v["dims"] for v in combo if v.get("dims")]
        if dims:
            w, d, hh = dims[0]
            variant["dimensions"] = {"width": w, "depth": d, "height": hh}
        variant["images"] = pictures
        variants.append(variant)
    out_options = []
    for opt, vs in zip(options, values):
        out_values = []
        for v in vs:
            value = dict(v["text"])
            value["key"] = v["key"]
            if opt["kind"] == "colour":
                look = dict(p, colour=v["key"])
                look.pop("rgb", None)
                if v["slug"] != base_colour and v["rgb"]:
                    look["rgb"] = v["rgb"]
                value["swatch"] = hex_colour(palette(look)["body"])
            out_values.append(value)
        out_options.append({"kind": opt["kind"], "name": dict(OPTION_NAMES[opt["name"]]), "values": out_values})
    active = [v for v in variants if v["active"]] or variants
    cheapest = min(active, key=lambda v: v["price"])
    product["price"] = cheapest["price"]
    product["compareAtPrice"] = cheapest.get("compareAtPrice")
    product["stock"] = sum(v["stock"] for v in variants if v["active"])
    product["images"] = images
    product["options"] = out_options
    product["variants"] = variants
    return product


# --------------------------------------------------------------------------------------
# Building products.json
# --------------------------------------------------------------------------------------


def category_parents():
    """Maps every category key in assets/demo/categories.json to its parent key (or None)."""
    with open(os.path.join(DEMO_DIR, "categories.json"), encoding="utf-8") as f:
        tree = json.load(f)["categories"]
    parents = {}

    def walk(nodes, parent):
        for node in nodes:
            parents[node["key"]] = parent
            walk(node.get("children", []), node["key"])

    walk(tree, None)
    return parents


def show_material(p):
    return p.get("m", p["material"] in MATERIAL_IN_NAME)


def product_name(p):
    kind = KINDS[p["kind"]]
    n = p.get("n", "")
    line = LINES[p["line"]]
    size = SIZES[p["size"]] if "size" in p else None
    with_mat = show_material(p)
    names = {}
    for lang in LANGS:
        mat = ""
        if with_mat:
            mat = MATERIAL_ADJ[p["material"]][lang]
            fmt = kind["matfmt"].get(lang)
            if fmt:
                mat = fmt.format(m=mat)
        line_name = line.get(lang, line["en"])
        size_text = size[lang] if size else ""
        if lang == "en":
            parts = [line_name, mat, kind["en"].format(n=n), size_text]
            names[lang] = " ".join(x for x in parts if x)
        elif lang in ("th", "km"):
            head, tail = kind[lang]
            text = head + mat + tail.format(n=n)
            if size_text:
                text += " " + size_text
            text += (" รุ่น" if lang == "th" else " ") + line_name
            names[lang] = text
        else:
            head, tail = kind[lang]
            parts = [head, mat, tail.format(n=n), size_text, line_name]
            names[lang] = " ".join(x for x in parts if x)
    return names


def product_description(p):
    kind = KINDS[p["kind"]]
    out = {}
    for lang in LANGS:
        parts = [kind["d"][lang], MATERIAL_SENTENCE[p["material"]][lang], COLOUR_SENTENCE[p["colour"]][lang]]
        out[lang] = " ".join(parts)
    return out


def round_price(baht):
    """Rounds up to a shop-style price: ...90 below ฿10,000, ...900 from ฿10,000."""
    if baht < 10000:
        return int(math.ceil((baht + 10) / 100.0) * 100 - 10)
    return int(math.ceil((baht + 100) / 1000.0) * 1000 - 100)


def compare_at_codes():
    """About 30 % of the products are on sale; which ones comes from a hash of the code."""
    codes = sorted((h(p["code"] + "/sale", 10 ** 9), p["code"]) for p in PRODUCTS)
    return {code for _, code in codes[: round(len(codes) * 0.3)]}


def image_count(code):
    r = h(code + "/images", 10)
    return 1 if r == 0 else (2 if r <= 5 else 3)


def created_at(code):
    start = datetime.date(2025, 1, 6)
    end = datetime.date(2026, 11, 14)
    return (start + datetime.timedelta(days=h(code + "/created", (end - start).days + 1))).isoformat()


def build_products():
    parents = category_parents()
    on_sale = compare_at_codes()
    seen = set()
    products = []
    for p in PRODUCTS:
        code = p["code"]
        if code in seen:
            raise SystemExit("duplicate code " + code)
        seen.add(code)
        leaf = p["category"]
        if leaf not in parents:
            raise SystemExit("unknown category %s for %s" % (leaf, code))
        categories = [leaf] + ([parents[leaf]] if parents[leaf] else [])
        compare = None
        if code in on_sale:
            compare = round_price(p["price"] * (1.10 + h(code + "/pct", 16) / 100.0))
        w, d, hh = p["dims"]
        products.append({
            "code": code,
            "name": product_name(p),
            "description": product_description(p),
            "price": p["price"] * 100,
            "compareAtPrice": compare * 100 if compare else None,
            "images": [IMAGE_URL.format(code=code, n=i) for i in range(1, image_count(code) + 1)],
            "rooms": p["rooms"],
            "categories": categories,
            "dimensions": {"width": w, "depth": d, "height": hh},
            "material": p["material"],
            "colour": p["colour"],
            "stock": p.get("stock", 1 + h(code + "/stock", 40)),
            "active": p.get("active", True),
            "popularity": p.get("popularity", 1 + h(code + "/popularity", 100)),
            "createdAt": created_at(code),
        })
        if code in VARIANT_SPECS:
            add_variants(p, products[-1], on_sale)
    unknown = set(VARIANT_SPECS) - seen
    if unknown:
        raise SystemExit("options for unknown products: %s" % ", ".join(sorted(unknown)))
    return products


def write_json(products):
    path = os.path.join(DEMO_DIR, "products.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"products": products}, f, ensure_ascii=False, indent=2)
        f.write("\n")
    return path

# --------------------------------------------------------------------------------------
# Drawing: colours
# --------------------------------------------------------------------------------------

COLOUR_RGB = {
    "white": (240, 238, 232), "black": (52, 52, 56), "grey": (142, 146, 152), "beige": (216, 198, 168),
    "brown": (124, 86, 58), "green": (104, 134, 98), "blue": (70, 104, 152), "yellow": (230, 182, 70),
    "pink": (226, 164, 164), "red": (180, 62, 54),
}
WOOD = {
    "teak": (168, 108, 58), "oak": (210, 172, 120), "rubberwood": (192, 142, 96), "pine": (228, 198, 150),
    "rattan": (210, 170, 108), "bamboo": (216, 192, 124),
}
NATURAL = {"fabric": (228, 216, 192), "velvet": (214, 196, 170), "leather": (172, 122, 80), "marble": (238, 236, 230),
           "metal": (160, 160, 160), "glass": (200, 224, 228), "plastic": (234, 228, 212)}
CREAM = (238, 230, 212)
LINEN = (232, 224, 206)
WALNUT = (104, 72, 48)
LIGHT_OAK = WOOD["oak"]
BRASS = (196, 160, 92)
STEEL_DARK = (58, 60, 64)
MIRROR = (196, 214, 222)
WHITE = (250, 250, 248)


def clamp(v):
    return max(0, min(255, int(round(v))))


def shade(c, f):
    """f < 1 darkens, f > 1 mixes towards white."""
    if f <= 1:
        return tuple(clamp(v * f) for v in c[:3])
    t = f - 1
    return tuple(clamp(v + (255 - v) * t) for v in c[:3])


def mix(a, b, t):
    return tuple(clamp(a[i] + (b[i] - a[i]) * t) for i in range(3))


def palette(p):
    """The colours a drawing uses: body (main), wood (frames, legs, tops), soft (cushions)."""
    mat, col = p["material"], p["colour"]
    wood = WOOD.get(mat)
    if p.get("rgb"):  # a variant's own shade of its colour key (VARIANT_SPECS)
        body = tuple(p["rgb"])
    elif col == "natural":
        body = wood or NATURAL[mat]
    elif col == "brown" and wood:
        body = shade(wood, 0.72)
    else:
        body = COLOUR_RGB[col]
    if wood:
        frame = body if col in ("natural", "brown") else wood
        soft = LINEN if col in ("natural", "brown") else mix(body, WHITE, 0.15)
    elif mat in ("fabric", "velvet", "leather"):
        frame = LIGHT_OAK if p["line"] in ("nordic", "ari", "mali") else WALNUT
        soft = body
    elif mat == "marble":
        frame = BRASS if col != "black" else STEEL_DARK
        soft = body
    elif mat == "glass":
        frame = body if col != "natural" else STEEL_DARK
        soft = body
    else:  # metal, plastic
        frame = body
        soft = CREAM if mat == "metal" else body
    return {"body": body, "frame": frame, "soft": soft, "wood": wood or LIGHT_OAK, "mat": mat, "col": col}


# --------------------------------------------------------------------------------------
# Drawing: a tiny oblique-projection canvas. x to the right, y up, z (depth) away from the
# viewer, all in millimetres; the visible faces of a box are its front, top and right side.
# --------------------------------------------------------------------------------------

SS = 2  # supersampling factor
CW, CH_ = 800 * SS, 600 * SS
KX, KY = 0.40, 0.25
RY = 0.34  # vertical radius of a round top, as a fraction of its radius


class Scene:
    def __init__(self, s, ox, oy):
        self.img = Image.new("RGBA", (CW, CH_), (0, 0, 0, 0))
        self.d = ImageDraw.Draw(self.img)
        self.s, self.ox, self.oy = s, ox, oy

    # ---- projection ----
    def P(self, x, y, z=0):
        return (self.ox + self.s * (x + z * KX), self.oy - self.s * (y + z * KY))

    def px(self, mm):
        return max(1, int(round(self.s * mm)))

    def poly3(self, pts, col):
        self.d.polygon([self.P(*q) for q in pts], fill=tuple(col))

    # ---- solids ----
    def box(self, x0, x1, y0, y1, z0, z1, col, top=None, side=None):
        side = side or shade(col, 0.78)
        top = top or shade(col, 1.16)
        faces = {
            "side": [(x1, y0, z0), (x1, y0, z1), (x1, y1, z1), (x1, y1, z0)],
            "top": [(x0, y1, z0), (x1, y1, z0), (x1, y1, z1), (x0, y1, z1)],
            "front": [(x0, y0, z0), (x1, y0, z0), (x1, y1, z0), (x0, y1, z0)],
        }
        self.poly3(faces["side"], side)
        self.poly3(faces["top"], top)
        self.poly3(faces["front"], col)
        return {k: [self.P(*q) for q in v] for k, v in faces.items()}

    def soft(self, x0, x1, y0, y1, z0, z1, col, r=40, top=None, side=None):
        """An extruded rounded rectangle: a cushion or an upholstered block."""
        r = min(r, (x1 - x0) / 2.0, (y1 - y0) / 2.0)
        mid = shade(col, 0.86)
        side = side or shade(col, 0.76)
        top = top or shade(col, 1.14)
        dz = z1 - z0
        steps = max(2, int(self.s * dz * 0.5) + 1)
        for i in range(steps, -1, -1):
            z = z0 + dz * i / steps
            self.frect(x0, x1, y0, y1, z, mid, r)
        if dz > 0:
            self.poly3([(x0 + r, y1, z0), (x1 - r, y1, z0), (x1 - r, y1, z1), (x0 + r, y1, z1)], top)
            self.poly3([(x1, y0 + r, z0), (x1, y1 - r, z0), (x1, y1 - r, z1), (x1, y0 + r, z1)], side)
        self.frect(x0, x1, y0, y1, z0, col, r)

    def leg(self, x, z, y0, y1, t, col):
        self.box(x - t / 2.0, x + t / 2.0, y0, y1, z - t / 2.0, z + t / 2.0, col)

    def rpt(self, cx, cz, dx, dz):
        """The floor point (x, z) that shows a point of a round top, offset (dx, dz) from its centre.

        Round things are drawn as upright ellipses (a circle seen from slightly above), which
        looks better than the skewed ellipse an oblique projection would give."""
        z = cz + dz * RY / KY
        return cx + cz * KX + dx - z * KX, z

    def disk_pts(self, cx, cz, r, y, n=72, rz=None):
        rz = r if rz is None else rz
        pts = []
        for i in range(n):
            a = 2 * math.pi * i / n
            x, z = self.rpt(cx, cz, r * math.cos(a), rz * math.sin(a))
            pts.append(self.P(x, y, z))
        return pts

    def disk(self, cx, cz, r, y0, y1, col, top=None, side=None, rz=None):
        """A horizontal round slab (table top, stool seat, lamp base)."""
        side = side or shade(col, 0.8)
        top = top or shade(col, 1.12)
        py = max(1, int(self.s * (y1 - y0)))
        steps = max(1, py)
        for i in range(steps + 1):
            y = y0 + (y1 - y0) * i / steps
            self.d.polygon(self.disk_pts(cx, cz, r, y, rz=rz), fill=side)
        self.d.polygon(self.disk_pts(cx, cz, r, y1, rz=rz), fill=top)

    def cylinder_pts(self, cx, cz, r, y0, y1, n=48):
        """The outline of a vertical cylinder: the front half of its bottom, the back half of its top."""
        pts = []
        for i in range(n + 1):
            a = math.pi + math.pi * i / n
            pts.append(self.P(*self._xyz(cx, cz, r * math.cos(a), r * math.sin(a), y0)))
        for i in range(n + 1):
            a = math.pi * i / n
            pts.append(self.P(*self._xyz(cx, cz, r * math.cos(a), r * math.sin(a), y1)))
        return pts

    def cylinder(self, cx, cz, r, y0, y1, col, top=None):
        """A vertical cylinder with a horizontal shading band."""
        steps = max(1, int(self.s * (y1 - y0) / 2))
        side = shade(col, 0.85)
        for i in range(steps + 1):
            y = y0 + (y1 - y0) * i / steps
            self.d.polygon(self.disk_pts(cx, cz, r, y, n=48), fill=side)
        self.d.polygon(self.disk_pts(cx, cz, r, y1, n=48), fill=top or shade(col, 1.12))
        # a lighter band on the front-left of the cylinder
        a = self.P(*self._xyz(cx, cz, -r * 0.62, -r * 0.78, y0))
        b = self.P(*self._xyz(cx, cz, -r * 0.3, -r * 0.95, y1))
        self.d.rectangle([min(a[0], b[0]), b[1], max(a[0], b[0]), a[1]], fill=shade(col, 0.95))

    def _xyz(self, cx, cz, dx, dz, y):
        x, z = self.rpt(cx, cz, dx, dz)
        return x, y, z

    def rleg(self, cx, cz, dx, dz, y0, y1, t, col):
        """A leg under a round top, at offset (dx, dz) from its centre."""
        x, z = self.rpt(cx, cz, dx, dz)
        self.leg(x, z, y0, y1, t, col)

    # ---- flat shapes on a plane parallel to the screen (depth z) ----
    def frect(self, x0, x1, y0, y1, z, col, r=0):
        a = self.P(x0, y1, z)
        b = self.P(x1, y0, z)
        rr = max(0, min(self.s * r, (b[0] - a[0]) / 2.0 - 0.5, (b[1] - a[1]) / 2.0 - 0.5))
        if b[0] - a[0] < 1 or b[1] - a[1] < 1:
            return
        if rr >= 1:
            self.d.rounded_rectangle([a[0], a[1], b[0], b[1]], radius=int(rr), fill=tuple(col))
        else:
            self.d.rectangle([a[0], a[1], b[0], b[1]], fill=tuple(col))

    def fpoly(self, pts, z, col):
        self.d.polygon([self.P(x, y, z) for x, y in pts], fill=tuple(col))

    def fline(self, pts, z, col, w):
        self.d.line([self.P(x, y, z) for x, y in pts], fill=tuple(col), width=self.px(w), joint="curve")

    def fellipse(self, cx, cy, rx, ry, z, col, outline=None, width=0):
        a = self.P(cx - rx, cy + ry, z)
        b = self.P(cx + rx, cy - ry, z)
        self.d.ellipse([a[0], a[1], b[0], b[1]], fill=tuple(col) if col else None,
                       outline=tuple(outline) if outline else None, width=self.px(width) if width else 0)

    # ---- textures clipped to a screen polygon ----
    def texture(self, pts, kind, col, step=12, width=2):
        xs = [q[0] for q in pts]
        ys = [q[1] for q in pts]
        bx, by = int(max(0, min(xs))), int(max(0, min(ys)))
        ex, ey = int(min(CW, max(xs) + 1)), int(min(CH_, max(ys) + 1))
        w, hgt = ex - bx, ey - by
        if w < 2 or hgt < 2:
            return
        mask = Image.new("L", (w, hgt), 0)
        ImageDraw.Draw(mask).polygon([(x - bx, y - by) for x, y in pts], fill=255)
        pat = Image.new("L", (w, hgt), 0)
        dp = ImageDraw.Draw(pat)
        if kind == "weave":
            for k in range(-hgt, w + hgt, step):
                dp.line([(k, 0), (k + hgt, hgt)], fill=255, width=width)
                dp.line([(k + hgt, 0), (k, hgt)], fill=255, width=width)
        elif kind == "cane":
            for k in range(0, w + step, step):
                dp.line([(k, 0), (k, hgt)], fill=255, width=width)
            for k in range(0, hgt + step, step):
                dp.line([(0, k), (w, k)], fill=255, width=width)
            for k in range(-hgt, w + hgt, step):
                dp.line([(k, 0), (k + hgt, hgt)], fill=255, width=max(1, width - 1))
        elif kind == "check":
            for k in range(0, w + step, step):
                dp.rectangle([k, 0, k + width, hgt], fill=255)
            for k in range(0, hgt + step, step):
                dp.rectangle([0, k, w, k + width], fill=255)
        elif kind == "hlines":
            for k in range(step // 2, hgt, step):
                dp.line([(0, k), (w, k)], fill=255, width=width)
        elif kind == "vlines":
            for k in range(step // 2, w, step):
                dp.line([(k, 0), (k, hgt)], fill=255, width=width)
        elif kind == "dots":
            for yy in range(step // 2, hgt, step):
                for xx in range(step // 2 + (yy // step % 2) * step // 2, w, step):
                    dp.ellipse([xx - width, yy - width, xx + width, yy + width], fill=255)
        self.img.paste(tuple(col), (bx, by, ex, ey), ImageChops.multiply(mask, pat))

    def finish(self, pts, c, p_mat, kind=None, step=12):
        """Applies the material texture of rattan (weave) or bamboo to a face."""
        if kind is None:
            kind = {"rattan": "weave", "bamboo": "hlines"}.get(p_mat)
        if kind:
            self.texture(pts, kind, shade(c, 0.8), step=step, width=2)


# --------------------------------------------------------------------------------------
# Drawing: furniture. Each function draws one product in a Scene; w, d, h are the drawing
# dimensions in mm (x from -w/2 to w/2, z from 0 to d, y from 0 to h).
# --------------------------------------------------------------------------------------

def _legs4(sc, w, d, y0, y1, t, col, inset=60, front=True, back=True):
    xs = (-w / 2 + inset, w / 2 - inset)
    if back:
        for x in xs:
            sc.leg(x, d - inset, y0, y1, t, col)
    if front:
        for x in xs:
            sc.leg(x, inset, y0, y1, t, col)


def draw_sofa(sc, c, w, d, h, seats=3, kids=False, bed=False, wing=False):
    wooden = c["mat"] in ("teak", "rattan", "oak", "rubberwood", "pine", "bamboo")
    body, frame, soft = c["body"], c["frame"], c["soft"]
    arm = max(90, min(200, w * 0.09)) if not bed else 70
    if kids:
        arm = 110
    legh = 150 if wooden else (60 if kids else 110)
    seat_y = h * (0.52 if not kids else 0.55)
    arm_y = h * (0.72 if not bed else 0.62)
    back_d = 170 if not wooden else 70
    inner0, inner1 = -w / 2 + arm, w / 2 - arm
    cushion_col = soft if wooden else body
    # back legs
    for x in (-w / 2 + 50, w / 2 - 50):
        sc.leg(x, d - 50, 0, legh + 20, 40 if not wooden else 50, frame if not wooden else body)
    # backrest
    if wooden:
        f = sc.box(-w / 2 + 30, w / 2 - 30, legh, h, d - back_d, d, body)
        sc.finish(f["front"], body, c["mat"], kind="weave" if c["mat"] == "rattan" else "vlines", step=14 if c["mat"] == "rattan" else 26)
    else:
        sc.soft(-w / 2, w / 2, legh, h - (0 if not wing else 60), d - back_d, d, body, r=60 if not kids else 140)
    if wing:
        for x0 in (-w / 2, w / 2 - arm):
            sc.soft(x0, x0 + arm, legh, h, d - back_d - 150, d - back_d + 20, body, r=70)
    # left arm
    def arm_at(x0):
        if wooden:
            f = sc.box(x0, x0 + arm * 0.55, legh, arm_y, 0, d - back_d, body)
            if c["mat"] == "rattan":
                sc.finish(f["front"], body, "rattan")
                sc.finish(f["side"], body, "rattan")
            else:
                sc.texture(f["side"], "vlines", shade(body, 0.7), step=22, width=3)
        else:
            sc.soft(x0, x0 + arm, legh, arm_y, 0, d - back_d, body, r=min(80, arm * 0.5) if not kids else arm * 0.5)
    arm_at(-w / 2)
    # back cushions
    n = max(1, seats)
    cw = (inner1 - inner0) / n
    if not bed:
        for i in range(n):
            x0 = inner0 + i * cw
            sc.soft(x0 + 10, x0 + cw - 10, seat_y - 20, h - (40 if not wooden else 80), d - back_d - 170, d - back_d, cushion_col, r=70,
                    top=shade(cushion_col, 1.1))
    # seat base
    if wooden:
        sc.box(inner0, inner1 + (arm * 0.45 if False else 0), legh, legh + 70, 20, d - back_d, body)
    else:
        sc.box(inner0, inner1, legh, seat_y - 110, 10, d - back_d, shade(body, 0.95))
    # seat cushions
    for i in range(n):
        x0 = inner0 + i * cw
        y0 = legh + 70 if wooden else seat_y - 120
        sc.soft(x0 + 6, x0 + cw - 6, y0, seat_y, 0, d - back_d - 20, cushion_col, r=45)
        if c["mat"] == "leather":
            sc.fline([(x0 + 50, seat_y - 40), (x0 + cw - 50, seat_y - 40)], 0, shade(body, 0.8), 6)
    if bed:
        # the fold line of a sofa bed and a bolster
        sc.fline([(inner0 + 40, seat_y - 60), (inner1 - 40, seat_y - 60)], 0, shade(body, 0.82), 8)
    # right arm
    arm_at(inner1 if not wooden else w / 2 - arm * 0.55)
    # front legs
    if wooden:
        for x in (-w / 2 + 25, w / 2 - 25):
            sc.leg(x, 25, 0, legh, 50, body)
    elif not kids:
        for x in (-w / 2 + 60, w / 2 - 60):
            sc.leg(x, 50, 0, legh, 40, frame)
    if wooden and c["mat"] != "rattan":
        for x0 in (-w / 2, w / 2 - arm * 0.55):
            sc.box(x0 - 10, x0 + arm * 0.55 + 10, arm_y, arm_y + 30, -10, d - back_d, body)


def draw_corner(sc, c, w, d, h):
    body = c["body"]
    frame = c["frame"]
    arm = 170
    legh = 110
    seat_y = h * 0.52
    arm_y = h * 0.72
    back_d = 170
    main_d = 950
    chaise_w = 950
    for x in (-w / 2 + 50, w / 2 - 50):
        sc.leg(x, d - 50, 0, legh + 20, 40, frame)
    sc.soft(-w / 2, w / 2, legh, h, d - back_d, d, body, r=60)
    sc.soft(-w / 2, -w / 2 + arm, legh, arm_y, d - main_d, d - back_d, body, r=70)
    inner0, inner1 = -w / 2 + arm, w / 2 - arm
    n = 3
    cw = (inner1 - inner0) / n
    for i in range(n):
        x0 = inner0 + i * cw
        sc.soft(x0 + 10, x0 + cw - 10, seat_y - 20, h - 40, d - back_d - 170, d - back_d, body, r=70)
    # main seat
    main_end = w / 2 - chaise_w
    sc.box(inner0, main_end, legh, seat_y - 110, d - main_d + 10, d - back_d, shade(body, 0.95))
    mw = (main_end - inner0) / 2
    for i in range(2):
        x0 = inner0 + i * mw
        sc.soft(x0 + 6, x0 + mw - 6, seat_y - 120, seat_y, d - main_d, d - back_d - 20, body, r=45)
    # chaise
    sc.box(main_end, inner1, legh, seat_y - 110, 10, d - back_d, shade(body, 0.95))
    sc.soft(main_end + 6, inner1 - 6, seat_y - 120, seat_y, 0, d - back_d - 20, body, r=45)
    sc.soft(w / 2 - arm, w / 2, legh, arm_y * 0.92, 0, d - back_d, body, r=70)
    sc.leg(main_end + 40, d - main_d + 40, 0, legh, 40, frame)
    for x in (w / 2 - 60, main_end + 60):
        sc.leg(x, 50, 0, legh, 40, frame)
    sc.leg(-w / 2 + 60, d - main_d + 50, 0, legh, 40, frame)
    if c["mat"] == "leather":
        for i in range(n):
            x0 = inner0 + i * cw
            sc.fellipse(x0 + cw / 2, h - 180, 12, 12, d - back_d - 170, shade(body, 0.7))


def draw_armchair(sc, c, w, d, h):
    draw_sofa(sc, c, w, d, h, seats=1)


def draw_wingback(sc, c, w, d, h):
    body, frame = c["body"], c["frame"]
    legh = 160
    seat_y = 450
    arm_y = 640
    for x in (-w / 2 + 60, w / 2 - 60):
        sc.leg(x, d - 60, 0, legh + 30, 40, frame)
    sc.soft(-w / 2 + 60, w / 2 - 60, legh, h, d - 200, d, body, r=120)
    sc.soft(-w / 2, -w / 2 + 150, legh, h * 0.86, 80, d - 120, body, r=90)
    sc.soft(-w / 2 + 150, w / 2 - 150, seat_y - 40, h - 150, d - 340, d - 200, shade(body, 1.04), r=80)
    sc.box(-w / 2 + 150, w / 2 - 150, legh, seat_y - 100, 20, d - 200, shade(body, 0.95))
    sc.soft(-w / 2 + 150, w / 2 - 150, seat_y - 110, seat_y, 0, d - 340, body, r=50)
    sc.soft(w / 2 - 150, w / 2, legh, h * 0.86, 80, d - 120, body, r=90)
    sc.soft(w / 2 - 150, w / 2, legh, arm_y, 0, d - 300, body, r=70)
    sc.soft(-w / 2, -w / 2 + 150, legh, arm_y, 0, 140, body, r=70)
    for x in (-w / 2 + 60, w / 2 - 60):
        sc.leg(x, 60, 0, legh, 44, frame)


def _bedding(sc, w, d, top, pillow_col=WHITE, duvet=WHITE, accent=None, inset=50, z0=40, back=120, thick=180):
    x0, x1 = -w / 2 + inset, w / 2 - inset
    sc.soft(x0, x1, top, top + thick, z0, d - back, WHITE, r=40, top=(246, 246, 244))
    # pillows
    pw = (x1 - x0 - 80) / 2
    for i in range(2):
        px0 = x0 + 30 + i * (pw + 20)
        sc.soft(px0, px0 + pw, top + thick - 10, top + thick + 120, d - back - 450, d - back - 60, pillow_col, r=60)
    # duvet
    sc.soft(x0 - 15, x1 + 15, top + 40, top + thick + 60, z0 - 20, d - back - 520, duvet, r=40, top=shade(duvet, 1.03))
    if accent:
        sc.soft(x0 - 20, x1 + 20, top + 40, top + thick + 75, z0 - 25, z0 + 380, accent, r=30)


def draw_bed(sc, c, w, d, h, kids=False):
    body, frame, mat = c["body"], c["frame"], c["mat"]
    upholstered = mat in ("velvet", "fabric", "leather")
    legh = 80
    rail = 330
    # headboard
    if upholstered:
        sc.soft(-w / 2, w / 2, 0, h, d - 90, d, body, r=60)
        for i in range(1, 6):
            x = -w / 2 + w * i / 6
            sc.fline([(x, rail + 120), (x, h - 60)], d - 90, shade(body, 0.82), 10)
    elif kids:
        sc.box(-w / 2, w / 2, 0, h - 150, d - 60, d, body)
        sc.fpoly([(-w / 2, h - 150), (0, h + 120), (w / 2, h - 150)], d - 60, body)
        sc.fellipse(0, h - 200, 120, 120, d - 60, shade(body, 1.3))
    else:
        sc.box(-w / 2, w / 2, 0, h, d - 70, d, body)
        if mat == "rattan":
            inner = [sc.P(-w / 2 + 80, rail + 100, d - 70), sc.P(w / 2 - 80, rail + 100, d - 70),
                     sc.P(w / 2 - 80, h - 80, d - 70), sc.P(-w / 2 + 80, h - 80, d - 70)]
            sc.d.polygon(inner, fill=shade(body, 1.1))
            sc.texture(inner, "cane", shade(body, 0.78), step=12, width=2)
        else:
            for i in range(1, 8):
                x = -w / 2 + w * i / 8
                sc.fline([(x, rail + 80), (x, h - 60)], d - 70, shade(body, 0.85), 8)
    # frame
    sc.box(-w / 2, w / 2, legh, rail, 0, d - 90, body if not upholstered else body,
           side=shade(body, 0.74))
    if not upholstered:
        sc.texture([sc.P(-w / 2, legh, 0), sc.P(w / 2, legh, 0), sc.P(w / 2, rail, 0), sc.P(-w / 2, rail, 0)],
                   "hlines", shade(body, 0.88), step=18, width=2)
    _bedding(sc, w, d, rail - 40, accent=c["soft"] if not upholstered else shade(body, 1.05))
    if kids:
        sc.box(-w / 2, w / 2, rail, rail + 180, 0, 40, body)
    for x in (-w / 2 + 40, w / 2 - 40):
        sc.leg(x, 40, 0, legh, 60, frame if upholstered else shade(body, 0.8))


def draw_kidbed(sc, c, w, d, h):
    draw_bed(sc, c, w, d, h, kids=True)


def draw_steelbed(sc, c, w, d, h):
    body = c["body"]
    t = 35
    # headboard frame with bars
    sc.leg(-w / 2 + t, d - t, 0, h, t, body)
    sc.leg(w / 2 - t, d - t, 0, h, t, body)
    sc.box(-w / 2, w / 2, h - 50, h, d - t * 2, d, body)
    sc.box(-w / 2, w / 2, 420, 460, d - t * 2, d, body)
    for i in range(1, 9):
        x = -w / 2 + w * i / 9
        sc.box(x - 8, x + 8, 460, h - 50, d - t * 1.5, d - t * 0.5, body)
    sc.box(-w / 2, w / 2, 250, 300, 0, d - t * 2, body)
    _bedding(sc, w, d, 260, accent=(214, 198, 168))
    for x in (-w / 2 + t, w / 2 - t):
        sc.leg(x, t, 0, 300, t, body)


def draw_daybed(sc, c, w, d, h):
    # drawn lengthwise: w is the long side
    body = c["body"]
    t = 30
    sc.box(-w / 2, w / 2, 300, 340, 0, d, body)
    sc.box(-w / 2, w / 2, h - 40, h, d - t, d, body)
    for i in range(1, 14):
        x = -w / 2 + w * i / 14
        sc.box(x - 7, x + 7, 340, h - 40, d - t, d - t + 14, body)
    for x in (-w / 2, w / 2 - t):
        sc.box(x, x + t, 0, h * 0.8, d - t, d, body)
    sc.soft(-w / 2 + 40, w / 2 - 40, 340, 500, 40, d - 40, WHITE, r=40)
    for i, col in enumerate((shade(COLOUR_RGB["beige"], 1.0), (196, 210, 214), shade(COLOUR_RGB["beige"], 1.08))):
        x0 = -w / 2 + 120 + i * 520
        sc.soft(x0, x0 + 440, 480, 820, d - 200, d - 60, col, r=90)
    sc.box(-w / 2, -w / 2 + t, 0, h * 0.8, 0, t, body)
    sc.box(w / 2 - t, w / 2, 0, h * 0.8, 0, t, body)
    sc.box(-w / 2, -w / 2 + t, h * 0.8 - 30, h * 0.8, 0, d, body)
    sc.box(w / 2 - t, w / 2, h * 0.8 - 30, h * 0.8, 0, d, body)


def draw_bunk(sc, c, w, d, h, loft=False):
    body, frame, mat = c["body"], c["frame"], c["mat"]
    t = 70 if mat != "metal" else 40
    for x in (-w / 2 + t / 2, w / 2 - t / 2):
        sc.leg(x, d - t / 2, 0, h, t, body)
    if not loft:
        sc.box(-w / 2, w / 2, 150, 290, d - t, d, body)
        sc.soft(-w / 2 + t, w / 2 - t, 290, 430, 20, d - t, WHITE, r=30)
        sc.soft(-w / 2 + t + 20, -w / 2 + t + 560, 420, 540, 80, d - t - 60, shade(COLOUR_RGB["blue"], 1.5), r=40)
        sc.box(-w / 2, w / 2, 150, 290, 0, t, body)
    else:
        # desk under the loft bed
        dk = c["wood"]
        sc.box(-w / 2 + t, -w / 2 + 1200, 700, 730, 100, d - t, dk)
        sc.box(-w / 2 + 1140, -w / 2 + 1200, 0, 700, 120, d - t, body)
        sc.box(-w / 2 + t + 20, -w / 2 + 500, 730, 1000, d - t - 120, d - t, body)
        sc.fellipse(-w / 2 + 800, 780, 60, 45, 400, (90, 120, 170))
    top_y = h - 650 if not loft else h - 500
    sc.box(-w / 2, w / 2, top_y, top_y + 150, d - t, d, body)
    sc.soft(-w / 2 + t, w / 2 - t, top_y + 150, top_y + 290, 20, d - t, WHITE, r=30)
    sc.soft(-w / 2 + t + 20, -w / 2 + t + 560, top_y + 280, top_y + 400, 80, d - t - 60, shade(COLOUR_RGB["yellow"], 1.4), r=40)
    sc.box(-w / 2, w / 2, top_y, top_y + 150, 0, t, body)
    # guard rail on top
    sc.box(-w / 2, w / 2 - 600, h - 60, h, 0, t * 0.7, body)
    for i in range(0, 4):
        x = -w / 2 + 100 + i * 380
        if x < w / 2 - 640:
            sc.box(x, x + 30, top_y + 150, h - 60, 10, t * 0.6, body)
    for x in (-w / 2 + t / 2, w / 2 - t / 2):
        sc.leg(x, t / 2, 0, h, t, body)
    # ladder
    lx = w / 2 - 500
    for x in (lx, lx + 360):
        sc.box(x, x + 40, 0, h - 60, -80, -40, frame if mat == "metal" else shade(body, 0.92))
    for i in range(1, 6):
        y = top_y * i / 5.5
        sc.box(lx + 40, lx + 360, y, y + 35, -80, -40, frame if mat == "metal" else shade(body, 0.92))


def draw_loftbed(sc, c, w, d, h):
    draw_bunk(sc, c, w, d, h, loft=True)


def draw_mattress(sc, c, w, d, h):
    trim = c["body"] if c["col"] != "white" else (170, 180, 196)
    sc.soft(-w / 2, w / 2, 0, h, 0, d, WHITE, r=50, top=(248, 248, 246), side=(214, 214, 212))
    sc.frect(-w / 2 + 10, w / 2 - 10, h * 0.18, h * 0.42, 0, mix(trim, WHITE, 0.35), 10)
    # quilting on top
    top = [sc.P(-w / 2 + 60, h, 40), sc.P(w / 2 - 60, h, 40), sc.P(w / 2 - 60, h, d - 40), sc.P(-w / 2 + 60, h, d - 40)]
    sc.texture(top, "weave", (226, 226, 224), step=26, width=2)
    sc.fline([(-w / 2 + 20, h - 20), (w / 2 - 20, h - 20)], 0, trim, 8)


def draw_dining(sc, c, w, d, h):
    body, frame, mat = c["body"], c["frame"], c["mat"]
    top_t = 45 if mat != "teak" else 60
    legcol = frame if mat in ("marble", "glass") else body
    lt = 70 if mat in ("teak", "rubberwood", "oak") else 40
    _legs4(sc, w, d, 0, h - top_t, lt, legcol, inset=80, front=False)
    sc.box(-w / 2 + 60, w / 2 - 60, h - top_t - 90, h - top_t, 60, d - 60, shade(legcol, 0.95))
    f = sc.box(-w / 2, w / 2, h - top_t, h, 0, d, body)
    if mat == "marble":
        marble_veins(sc, f["top"], body)
    elif mat in ("teak", "rubberwood", "oak"):
        sc.texture(f["top"], "hlines", shade(body, 0.93), step=22, width=2)
    _legs4(sc, w, d, 0, h - top_t, lt, legcol, inset=80, back=False)


def marble_veins(sc, pts, body, seed=3):
    xs = [q[0] for q in pts]
    ys = [q[1] for q in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    vein = shade(body, 0.82) if sum(body) < 600 else (196, 196, 200)
    mask = Image.new("L", (CW, CH_), 0)
    ImageDraw.Draw(mask).polygon(pts, fill=255)
    lines = Image.new("L", (CW, CH_), 0)
    dl = ImageDraw.Draw(lines)
    for k in range(4):
        sx = x0 + (x1 - x0) * (0.1 + 0.25 * k)
        pts_v = []
        for i in range(9):
            t = i / 8.0
            pts_v.append((sx + (x1 - x0) * 0.3 * t + 18 * math.sin(t * 7 + k * 2 + seed), y0 + (y1 - y0) * t))
        dl.line(pts_v, fill=255, width=3, joint="curve")
    sc.img.paste(vein, (0, 0), ImageChops.multiply(mask, lines))


def draw_rounddining(sc, c, w, d, h):
    body = c["body"]
    r = w / 2
    legs = [(r * 0.42 * math.cos(math.pi * a), r * 0.42 * math.sin(math.pi * a)) for a in (0.3, 0.7)] + \
        [(r * 0.62 * math.cos(math.pi * a), r * 0.62 * math.sin(math.pi * a)) for a in (1.2, 1.8)]
    for dx, dz in legs:
        if dz > 0:
            sc.rleg(0, r, dx, dz, 0, h - 40, 60, shade(body, 0.92))
    sc.disk(0, r, r, h - 40, h, body)
    for dx, dz in legs:
        if dz <= 0:
            sc.rleg(0, r, dx, dz, 0, h - 40, 60, body)


def draw_bistro(sc, c, w, d, h):
    body = c["body"]
    r = w / 2
    sc.disk(0, r, r * 0.55, 0, 25, body)
    sc.leg(0, r, 25, h - 30, 50, body)
    sc.disk(0, r, r, h - 30, h, body)


def draw_coffee(sc, c, w, d, h):
    body, frame, mat = c["body"], c["frame"], c["mat"]
    if mat == "glass":
        for x in (-w / 2 + 30, w / 2 - 30):
            sc.box(x - 15, x + 15, 0, h - 20, 20, d - 20, frame)
        sc.box(-w / 2 + 30, w / 2 - 30, 100, 120, 20, d - 20, frame)
        glass = (196, 222, 226)
        f = sc.box(-w / 2, w / 2, h - 20, h, 0, d, glass, top=(214, 234, 236), side=(160, 196, 200))
        a, b = f["top"][0], f["top"][2]
        sc.d.line([(a[0] + (b[0] - a[0]) * 0.15, a[1]), (a[0] + (b[0] - a[0]) * 0.35, b[1])], fill=(245, 250, 250), width=6)
        sc.d.line([(a[0] + (b[0] - a[0]) * 0.25, a[1]), (a[0] + (b[0] - a[0]) * 0.40, b[1])], fill=(245, 250, 250), width=3)
        return
    if mat == "rattan":
        f = sc.box(-w / 2 + 40, w / 2 - 40, 60, h - 40, 40, d - 40, body)
        sc.finish(f["front"], body, "rattan")
        sc.finish(f["side"], body, "rattan")
        sc.box(-w / 2, w / 2, h - 40, h, 0, d, shade(body, 0.9))
        for x in (-w / 2 + 70, w / 2 - 70):
            sc.leg(x, 60, 0, 60, 50, shade(body, 0.7))
        return
    lt = 55
    _legs4(sc, w, d, 0, h, lt, body, inset=50, front=False)
    sc.box(-w / 2 + 40, w / 2 - 40, 100, 125, 40, d - 40, shade(body, 0.95))
    f = sc.box(-w / 2, w / 2, h - 45, h, 0, d, body)
    sc.texture(f["top"], "hlines", shade(body, 0.93), step=22, width=2)
    _legs4(sc, w, d, 0, h - 45, lt, body, inset=50, back=False)
    # a couple of magazines on the shelf
    sc.box(-w / 4, -w / 4 + 260, 125, 150, 120, 320, (226, 222, 214))


def draw_roundcoffee(sc, c, w, d, h):
    body, frame, mat = c["body"], c["frame"], c["mat"]
    r = w / 2
    if mat == "marble":
        sc.cylinder(0, r, r * 0.45, 0, h - 40, frame)
        sc.disk(0, r, r, h - 40, h, body)
        marble_veins(sc, sc.disk_pts(0, r, r * 0.95, h), body)
        return
    legs = [(r * 0.62 * math.cos(math.pi * a), r * 0.62 * math.sin(math.pi * a)) for a in (0.5, 1.17, 1.83)]
    for dx, dz in legs:
        if dz > 0:
            sc.rleg(0, r, dx, dz, 0, h - 35, 45, shade(body, 0.92))
    sc.disk(0, r, r * 0.8, 110, 130, shade(body, 0.96))
    sc.disk(0, r, r, h - 35, h, body)
    for dx, dz in legs:
        if dz <= 0:
            sc.rleg(0, r, dx, dz, 0, h - 35, 45, body)


def draw_side(sc, c, w, d, h):
    body, wood = c["body"], c["wood"]
    _legs4(sc, w, d, 0, h - 200, 40, wood, inset=40, front=False)
    sc.box(-w / 2, w / 2, h - 200, h - 30, 0, d, body)
    sc.frect(-w / 2 + 30, w / 2 - 30, h - 170, h - 60, 0, shade(body, 0.97), 6)
    sc.frect(-40, 40, h - 125, h - 105, 0, shade(wood, 0.8), 8)
    sc.box(-w / 2, w / 2, h - 30, h, 0, d, wood)
    _legs4(sc, w, d, 0, h - 200, 40, wood, inset=40, back=False)


def draw_roundside(sc, c, w, d, h):
    body, frame, mat = c["body"], c["frame"], c["mat"]
    r = w / 2
    legc = frame if mat == "marble" else body
    sc.disk(0, r, r * 0.6, 0, 20, legc)
    sc.leg(0, r, 20, h - 30, 40, legc)
    sc.disk(0, r, r, h - 30, h, body)
    if mat == "marble":
        marble_veins(sc, sc.disk_pts(0, r, r * 0.95, h), body)


def draw_bedside(sc, c, w, d, h):
    body, mat = c["body"], c["mat"]
    legs = 120
    _legs4(sc, w, d, 0, legs, 35, shade(body, 0.85), inset=35, front=False)
    f = sc.box(-w / 2, w / 2, legs, h, 0, d, body)
    sc.finish(f["side"], body, mat, kind="vlines" if mat == "bamboo" else None, step=14)
    sc.frect(-w / 2 + 25, w / 2 - 25, legs + 25, h - 180, 0, shade(body, 0.55), 6)
    sc.frect(-w / 2 + 25, w / 2 - 25, h - 160, h - 25, 0, shade(body, 1.04), 6)
    sc.frect(-45, 45, h - 100, h - 82, 0, shade(body, 0.6), 8)
    sc.box(-w / 2 + 60, -w / 2 + 220, legs + 25, legs + 80, 40, 200, (214, 226, 220))
    _legs4(sc, w, d, 0, legs, 35, shade(body, 0.85), inset=35, back=False)


def draw_dressing(sc, c, w, d, h):
    body, wood = c["body"], c["wood"]
    th = 760
    # mirror at the back
    mx = w * 0.28
    sc.box(-mx - 30, mx + 30, th, h, d - 40, d, body)
    sc.frect(-mx, mx, th + 40, h - 40, d - 40, MIRROR, 20)
    a = sc.P(-mx * 0.5, h - 60, d - 40)
    b = sc.P(-mx * 0.1, th + 60, d - 40)
    sc.d.line([(a[0], b[1]), (b[0], a[1])], fill=(232, 240, 244), width=10)
    _legs4(sc, w, d, 0, th - 150, 40, body, inset=40, front=False)
    sc.box(-w / 2, w / 2, th - 150, th, 0, d - 40, body)
    for i in range(3):
        x0 = -w / 2 + 20 + i * (w - 40) / 3
        sc.frect(x0 + 8, x0 + (w - 40) / 3 - 8, th - 130, th - 20, 0, shade(body, 0.97), 6)
        sc.fellipse(x0 + (w - 40) / 6, th - 75, 16, 16, 0, wood if wood != body else shade(body, 0.7))
    _legs4(sc, w, d, 0, th - 150, 40, body, inset=40, back=False)
    # small items on top
    sc.cylinder(w * 0.32, 150, 40, th, th + 140, (236, 200, 196))
    sc.cylinder(w * 0.38, 110, 28, th, th + 90, (190, 206, 214))


def draw_chair(sc, c, w, d, h, reverse=False):
    """A chair facing the viewer; reverse=True shows it from the back (for chairs in front of a table)."""
    body, frame, mat = c["body"], c["frame"], c["mat"]
    seat_y = 450
    upholstered = mat in ("velvet", "leather", "fabric")
    legc = frame if upholstered else (body if mat != "plastic" else shade(body, 0.92))
    lt = 38 if mat != "plastic" else 45

    def backrest(zb):
        """zb: the depth of the back's front face; the back is 80 mm deep."""
        if upholstered:
            sc.soft(-w / 2 + 10, w / 2 - 10, seat_y, h, zb, zb + 80, body, r=90)
            if mat == "velvet" and not reverse:
                for i in range(1, 5):
                    x = -w / 2 + w * i / 5
                    sc.fline([(x, seat_y + 80), (x, h - 60)], zb, shade(body, 0.85), 6)
        elif mat == "plastic":
            sc.soft(-w / 2 + 20, w / 2 - 20, seat_y, h, zb + 20, zb + 60, body, r=140)
            sc.frect(-w / 2 + 120, w / 2 - 120, h - 170, h - 120, zb + 20, shade(body, 0.75), 25)
        else:
            for x in (-w / 2 + 40, w / 2 - 40):
                sc.leg(x, zb + 50, seat_y, h, lt, body)
            sc.box(-w / 2 + 20, w / 2 - 20, h - 150, h - 20, zb + 30, zb + 60, body)
            if mat == "rattan":
                inner = [sc.P(-w / 2 + 60, seat_y + 60, zb + 40), sc.P(w / 2 - 60, seat_y + 60, zb + 40),
                         sc.P(w / 2 - 60, h - 150, zb + 40), sc.P(-w / 2 + 60, h - 150, zb + 40)]
                sc.d.polygon(inner, fill=shade(body, 1.08))
                sc.texture(inner, "weave", shade(body, 0.75), step=10, width=2)
            else:
                sc.box(-w / 2 + 40, w / 2 - 40, seat_y + 120, seat_y + 170, zb + 35, zb + 55, body)

    def seat():
        if upholstered:
            sc.soft(-w / 2, w / 2, seat_y - 40, seat_y + 40, 0, d - 40, body, r=40)
        elif mat == "plastic":
            sc.soft(-w / 2, w / 2, seat_y - 30, seat_y + 20, 0, d - 30, body, r=30)
        else:
            f = sc.box(-w / 2, w / 2, seat_y - 30, seat_y + 10, 0, d - 20, body)
            if mat == "rubberwood":
                # a woven cane seat in a wooden frame
                inner = [sc.P(-w / 2 + 40, seat_y + 10, 30), sc.P(w / 2 - 40, seat_y + 10, 30),
                         sc.P(w / 2 - 40, seat_y + 10, d - 60), sc.P(-w / 2 + 40, seat_y + 10, d - 60)]
                sc.d.polygon(inner, fill=WOOD["rattan"])
                sc.texture(inner, "cane", shade(WOOD["rattan"], 0.75), step=10, width=2)
            elif mat == "rattan":
                sc.finish(f["top"], body, "rattan", step=10)
            sc.box(-w / 2 + 20, w / 2 - 20, seat_y - 90, seat_y - 30, 10, d - 40, shade(body, 0.9))
        if mat == "leather" and not reverse:
            sc.fline([(-w / 2 + 40, seat_y + 10), (w / 2 - 40, seat_y + 10)], 0, shade(body, 0.75), 5)

    for x in (-w / 2 + 40, w / 2 - 40):
        sc.leg(x, d - 40, 0, seat_y - (0 if not reverse else 30), lt, legc)
    if not reverse:
        backrest(d - 90)
        seat()
        for x in (-w / 2 + 40, w / 2 - 40):
            sc.leg(x, 40, 0, seat_y - 30, lt, legc)
    else:
        seat()
        for x in (-w / 2 + 40, w / 2 - 40):
            sc.leg(x, 40, 0, seat_y - 30, lt, legc)
        backrest(-10)


def draw_diningchair(sc, c, w, d, h):
    draw_chair(sc, c, w, d, h)


def draw_barstool(sc, c, w, d, h):
    body, mat = c["body"], c["mat"]
    upholstered = mat in ("velvet", "leather", "fabric")
    legc = BRASS if upholstered else body
    lt = 30 if mat == "metal" else 40
    r = w / 2
    cz = d / 2
    legs = [(r * 0.72 * math.cos(math.pi * a), r * 0.72 * math.sin(math.pi * a)) for a in (0.25, 0.75, 1.25, 1.75)]
    for dx, dz in legs:
        if dz > 0:
            sc.rleg(0, cz, dx, dz, 0, h - 40, lt, shade(legc, 0.9))
    if upholstered:
        sc.soft(-r * 0.8, r * 0.8, h - 10, h + 230, cz + r * 0.3, cz + r * 0.3 + 60, body, r=90)
    elif mat == "metal":
        sc.soft(-r * 0.7, r * 0.7, h + 30, h + 140, cz + r * 0.35, cz + r * 0.35 + 30, body, r=40)
        for dx in (-r * 0.5, r * 0.5):
            sc.leg(dx, cz + r * 0.4, h - 20, h + 60, 24, body)
    # footrest ring
    ring = sc.disk_pts(0, cz, r * 0.74, 260, n=60)
    sc.d.line(ring + ring[:1], fill=tuple(shade(legc, 0.95)), width=sc.px(24))
    sc.disk(0, cz, r, h - 40, h + (40 if upholstered else 0), body)
    for dx, dz in legs:
        if dz <= 0:
            sc.rleg(0, cz, dx, dz, 0, h - 40, lt, legc)


def draw_stool(sc, c, w, d, h):
    body, mat = c["body"], c["mat"]
    t = 40
    _legs4(sc, w, d, 0, h - 35, t, shade(body, 0.92), inset=35, front=False)
    sc.box(-w / 2 + 35, w / 2 - 35, 140, 165, d / 2 - 12, d / 2 + 12, shade(body, 0.9))
    sc.box(-w / 2, w / 2, h - 35, h, 0, d, body)
    if mat == "bamboo":
        for i in range(1, 6):
            z = d * i / 6
            sc.d.line([sc.P(-w / 2, h, z), sc.P(w / 2, h, z)], fill=shade(body, 0.75), width=3)
    else:
        sc.fellipse(0, h - 18, 60, 8, 0, shade(body, 0.7))
    _legs4(sc, w, d, 0, h - 35, t, shade(body, 0.92), inset=35, back=False)


def draw_bench(sc, c, w, d, h):
    body = c["body"]
    t = 60
    for x in (-w / 2 + 80, w / 2 - 80):
        sc.box(x - t / 2, x + t / 2, 0, h - 50, d - 60 - t, d - 60, body)
    sc.box(-w / 2 + 80, w / 2 - 80, 150, 180, d / 2 - 15, d / 2 + 15, shade(body, 0.9))
    f = sc.box(-w / 2, w / 2, h - 50, h, 0, d, body)
    sc.texture(f["top"], "hlines", shade(body, 0.9), step=16, width=2)
    for x in (-w / 2 + 80, w / 2 - 80):
        sc.box(x - t / 2, x + t / 2, 0, h - 50, 60, 60 + t, body)


def draw_pouf(sc, c, w, d, h):
    body = c["body"]
    r = w / 2
    sc.cylinder(0, r, r, 0, h - 70, body)
    sc.texture(sc.cylinder_pts(0, r, r, 0, h - 70), "weave", shade(body, 0.78), step=12, width=2)
    sc.disk(0, r, r * 0.98, h - 70, h, LINEN)


def draw_kidstool(sc, c, w, d, h):
    body = c["body"]
    for x in (-w / 2 + 40, w / 2 - 40):
        sc.leg(x, d - 40, 0, h - 40, 50, shade(body, 0.9))
    sc.soft(-w / 2, w / 2, h - 50, h, 0, d, body, r=20)
    sc.fellipse(0, h - 25, 55, 12, 0, shade(body, 0.7))
    for x in (-w / 2 + 40, w / 2 - 40):
        sc.leg(x, 40, 0, h - 50, 50, shade(body, 0.95))


def draw_hallbench(sc, c, w, d, h):
    body = c["body"]
    t = 40
    sc.box(-w / 2, -w / 2 + t, 0, h - 80, 20, d, body)
    sc.box(-w / 2 + t, w / 2 - t, 120, 145, 20, d, body)
    # shoes on the shelf
    shoe_cols = [(70, 70, 74), (190, 70, 60), (230, 230, 226), (90, 110, 150)]
    for i in range(4):
        x0 = -w / 2 + 90 + i * (w - 180) / 4
        sc.soft(x0, x0 + 150, 145, 220, 60, d - 60, shoe_cols[i], r=30)
    sc.box(-w / 2, w / 2, h - 80, h - 50, 0, d, body)
    sc.soft(-w / 2 + 10, w / 2 - 10, h - 50, h + 30, 10, d - 10, (206, 196, 178), r=25)
    sc.box(w / 2 - t, w / 2, 0, h - 80, 20, d, body)


def draw_wardrobe(sc, c, w, d, h, n=2, mirror=False, sliding=False, kids=False):
    body, wood = c["body"], c["wood"]
    plinth = 80
    sc.box(-w / 2 + 20, w / 2 - 20, 0, plinth, 20, d, shade(body, 0.8))
    f = sc.box(-w / 2, w / 2, plinth, h, 0, d, body)
    if c["mat"] in ("teak", "rubberwood", "oak", "pine") and c["col"] in ("natural", "brown"):
        sc.texture(f["side"], "vlines", shade(body, 0.7), step=30, width=2)
    if sliding:
        sc.frect(-w / 2 + 15, 15, plinth + 15, h - 15, 0, shade(body, 1.02), 4)
        sc.frect(-15, w / 2 - 15, plinth + 15, h - 15, 0, shade(body, 0.96), 4)
        sc.frect(-w / 2 + 60, -w / 2 + 80, plinth + 300, h - 300, 0, shade(body, 0.75), 6)
        sc.frect(w / 2 - 80, w / 2 - 60, plinth + 300, h - 300, 0, shade(body, 0.75), 6)
        sc.frect(-w / 2 + 15, w / 2 - 15, h - 40, h - 15, 0, shade(body, 0.7))
        sc.fline([(15, plinth + 15), (15, h - 40)], 0, shade(body, 0.7), 8)
        sc.box(-w / 2 - 15, w / 2 + 15, h, h + 40, -15, d + 10, shade(body, 0.96))
        return
    door_bottom = plinth + (0 if not kids else 380)
    if kids:
        for i in range(2):
            y0 = plinth + 20 + i * 180
            sc.frect(-w / 2 + 20, w / 2 - 20, y0, y0 + 160, 0, shade(body, 1.05), 20)
            sc.fellipse(0, y0 + 80, 30, 30, 0, shade(body, 0.7))
    dw = (w - 20) / n
    for i in range(n):
        x0 = -w / 2 + 10 + i * dw
        col = shade(body, 1.03)
        sc.frect(x0 + 6, x0 + dw - 6, door_bottom + 15, h - 15, 0, col, 6 if not kids else 40)
        if mirror and i == n // 2:
            sc.frect(x0 + 50, x0 + dw - 50, door_bottom + 120, h - 120, 0, MIRROR, 10)
            a = sc.P(x0 + 80, h - 200, 0)
            b = sc.P(x0 + dw - 80, h - 700, 0)
            sc.d.line([a, b], fill=(232, 240, 244), width=8)
        hx = x0 + dw - 50 if i % 2 == 0 else x0 + 30
        if n == 3 and i == 2:
            hx = x0 + 30
        if kids:
            sc.fellipse(hx + 10, (door_bottom + h) / 2, 28, 28, 0, shade(body, 0.7))
        else:
            sc.frect(hx, hx + 20, (door_bottom + h) / 2 - 200, (door_bottom + h) / 2 + 200, 0,
                     wood if wood != body else shade(body, 0.6), 8)
    for i in range(1, n):
        x = -w / 2 + 10 + i * dw
        sc.fline([(x, door_bottom + 15), (x, h - 15)], 0, shade(body, 0.72), 7)
    if c["mat"] == "teak":
        for i in range(n):
            x0 = -w / 2 + 10 + i * dw
            sc.frect(x0 + 80, x0 + dw - 80, plinth + 200, h - 200, 0, shade(body, 0.92), 8)
            sc.frect(x0 + 110, x0 + dw - 110, plinth + 230, h - 230, 0, shade(body, 1.02), 8)
    sc.box(-w / 2 - 15, w / 2 + 15, h, h + 40, -15, d + 10, shade(body, 0.96))


def draw_drawers(sc, c, w, d, h, n=4):
    body, wood, mat = c["body"], c["wood"], c["mat"]
    legs = 100
    _legs4(sc, w, d, 0, legs, 40, wood if mat != "plastic" else shade(body, 0.8), inset=40, front=False)
    sc.box(-w / 2, w / 2, legs, h, 0, d, body)
    cols = 2 if n >= 6 else 1
    rows = n // cols
    dh = (h - legs - 40) / rows
    dw = (w - 40) / cols
    for ci in range(cols):
        for ri in range(rows):
            x0 = -w / 2 + 20 + ci * dw
            y0 = legs + 20 + ri * dh
            face = shade(body, 1.03) if mat != "plastic" else (250, 250, 250) if ri % 2 else shade(body, 1.25)
            sc.frect(x0 + 6, x0 + dw - 6, y0 + 6, y0 + dh - 6, 0, face, 8 if mat != "plastic" else 30)
            if mat == "rattan":
                sc.finish([sc.P(x0 + 40, y0 + dh - 30, 0), sc.P(x0 + dw - 40, y0 + dh - 30, 0),
                           sc.P(x0 + dw - 40, y0 + 30, 0), sc.P(x0 + 40, y0 + 30, 0)], face, "rattan", step=12)
            knob = wood if (wood != body and mat != "plastic") else shade(body, 0.62)
            if mat == "plastic":
                sc.frect(x0 + dw / 2 - 70, x0 + dw / 2 + 70, y0 + dh / 2 - 18, y0 + dh / 2 + 18, 0, shade(body, 0.75), 18)
            else:
                sc.frect(x0 + dw / 2 - 60, x0 + dw / 2 + 60, y0 + dh / 2 - 12, y0 + dh / 2 + 12, 0, knob, 10)
    _legs4(sc, w, d, 0, legs, 40, wood if mat != "plastic" else shade(body, 0.8), inset=40, back=False)
    if mat != "plastic":
        sc.box(-w / 2 - 10, w / 2 + 10, h, h + 25, -10, d + 5, wood if c["col"] == "white" else shade(body, 0.95))


BOOK_COLOURS = [(176, 64, 58), (70, 104, 152), (226, 182, 76), (104, 134, 98), (236, 232, 222), (60, 62, 70),
                (214, 150, 120), (150, 170, 190)]


def books(sc, x0, x1, y, z, maxh, seed):
    x = x0
    i = seed
    while x < x1 - 40:
        bw = 25 + (i * 37) % 30
        bh = maxh * (0.65 + ((i * 53) % 30) / 100.0)
        if x + bw > x1:
            break
        sc.box(x, x + bw, y, y + bh, z, z + 180, BOOK_COLOURS[i % len(BOOK_COLOURS)])
        x += bw + 3
        i += 1
        if i % 7 == 0:
            x += 80


def plant(sc, x, y, z, size=1.0):
    pot = (222, 214, 200)
    sc.cylinder(x, z, 60 * size, y, y + 110 * size, pot)
    leaf = (96, 140, 96)
    for k, (dx, dy, rx, ry) in enumerate([(-50, 190, 55, 90), (40, 200, 50, 95), (0, 250, 50, 100), (-20, 170, 70, 50)]):
        sc.fellipse(x + dx * size + z * KX, y + dy * size + z * KY, rx * size, ry * size, 0,
                    shade(leaf, 1 + 0.1 * (k % 2)))


def draw_bookcase(sc, c, w, d, h):
    body = c["body"]
    t = 22
    sc.box(-w / 2, w / 2, 0, h, 0, d, body)
    shelves = 5
    sh = (h - 60) / shelves
    for i in range(shelves):
        y0 = 40 + i * sh
        sc.frect(-w / 2 + t, w / 2 - t, y0 + t, y0 + sh, 0, shade(body, 0.55))
        if i in (0, 2, 3):
            books(sc, -w / 2 + t + 10, w / 2 - t - 10, y0 + t, 0, sh - 60, i * 3)
        elif i == 1:
            sc.box(-w / 2 + 60, -w / 2 + 320, y0 + t, y0 + t + 180, 0, 200, (226, 222, 214))
            sc.cylinder(w / 4, 120, 70, y0 + t, y0 + t + 160, (206, 120, 90))
        else:
            plant(sc, 0, y0 + t, 80, 0.8)


def draw_ladder(sc, c, w, d, h):
    body = c["body"]
    lean = 260
    for i in range(4):
        y = 100 + i * (h - 250) / 3.2
        depth = d - (d - 180) * i / 3.5
        z0 = lean * (y / h)
        sc.box(-w / 2 + 30, w / 2 - 30, y, y + 25, z0, z0 + depth * 0.7, shade(body, 1.02))
        if i == 0:
            for k in range(3):
                sc.soft(-w / 2 + 60, w / 2 - 60, y + 25 + k * 45, y + 70 + k * 45, z0 + 20, z0 + depth * 0.6,
                        [(236, 232, 224), (170, 196, 190), (236, 232, 224)][k], r=20)
        if i == 2:
            plant(sc, 0, y + 25, z0 + 60, 0.7)
    for x in (-w / 2, w / 2 - 40):
        pts = [(x, 0), (x + 40, 0), (x + 40 + 0, h), (x, h)]
        sc.d.polygon([sc.P(px_, py_, lean * py_ / h) for px_, py_ in pts], fill=shade(body, 0.92))
        for k in range(1, 6):
            y = h * k / 6
            sc.d.line([sc.P(x, y, lean * y / h), sc.P(x + 40, y, lean * y / h)], fill=shade(body, 0.65), width=3)


def draw_rack(sc, c, w, d, h):
    body = c["body"]
    t = 25
    for x in (-w / 2 + t / 2, w / 2 - t / 2):
        sc.leg(x, d - t / 2, 0, h, t, body)
    levels = 4
    for i in range(levels):
        y = 80 + i * (h - 120) / (levels - 1)
        f = sc.box(-w / 2, w / 2, y, y + 20, 0, d, body, top=shade(body, 1.5))
        sc.texture(f["top"], "vlines", shade(body, 0.9), step=10, width=3)
        if i == 0:
            sc.cylinder(-w / 4, d / 2, 140, y + 20, y + 240, (200, 200, 204))
        if i == 1:
            sc.box(w / 8, w / 8 + 300, y + 20, y + 250, 80, d - 80, (236, 236, 232))
            sc.disk(w / 8 + 150, d / 2, 90, y + 250, y + 270, (60, 60, 64))
        if i == 2:
            for k in range(3):
                sc.cylinder(-w / 2 + 120 + k * 150, d / 2, 55, y + 20, y + 200, (236, 220, 180))
                sc.disk(-w / 2 + 120 + k * 150, d / 2, 58, y + 200, y + 225, (170, 120, 80))
    for x in (-w / 2 + t / 2, w / 2 - t / 2):
        sc.leg(x, t / 2, 0, h, t, body)


def draw_bathcab(sc, c, w, d, h):
    body, wood = c["body"], c["wood"]
    sc.box(-w / 2 + 20, w / 2 - 20, 0, 60, 20, d, shade(body, 0.8))
    sc.box(-w / 2, w / 2, 60, h, 0, d, body)
    sc.frect(-w / 2 + 20, w / 2 - 20, h - 380, h - 20, 0, shade(body, 0.6))
    for k in range(3):
        sc.soft(-w / 2 + 40, w / 2 - 40, h - 360 + k * 60, h - 305 + k * 60, 10, d - 30,
                [(170, 200, 196), (240, 236, 228), (170, 200, 196)][k], r=20)
    sc.frect(-w / 2 + 20, w / 2 - 20, h - 560, h - 400, 0, shade(body, 1.03), 6)
    sc.frect(-40, 40, h - 490, h - 470, 0, wood, 8)
    sc.frect(-w / 2 + 20, w / 2 - 20, 80, h - 580, 0, shade(body, 1.03), 6)
    sc.frect(w / 2 - 60, w / 2 - 45, h - 820, h - 660, 0, wood, 6)


def draw_toyshelf(sc, c, w, d, h):
    body = c["body"]
    sc.box(-w / 2, w / 2, 0, h, 0, d, body)
    t = 20
    cols, rows = 3, 2
    cw = (w - t) / cols
    rh = (h - t) / rows
    boxes = [(230, 182, 76), (120, 160, 190), None, (226, 164, 164), None, (140, 176, 130)]
    for r in range(rows):
        for k in range(cols):
            x0 = -w / 2 + t + k * cw
            y0 = t + r * rh
            sc.frect(x0, x0 + cw - t, y0, y0 + rh - t, 0, shade(body, 0.6))
            b = boxes[r * cols + k]
            if b:
                sc.soft(x0 + 15, x0 + cw - t - 15, y0, y0 + rh - t - 40, 10, d - 20, b, r=20)
                sc.frect(x0 + cw / 2 - 60, x0 + cw / 2 + 20, y0 + rh - 110, y0 + rh - 80, 10, shade(b, 0.7), 10)
            elif r == 0:
                sc.disk(x0 + cw / 2 - 20, d / 2, 80, y0, y0 + 80, (200, 80, 70))
                sc.disk(x0 + cw / 2 - 20, d / 2, 50, y0 + 80, y0 + 140, (90, 130, 180))
            else:
                books(sc, x0 + 10, x0 + cw - t - 10, y0, 20, rh - 80, 5)


def draw_trolley(sc, c, w, d, h):
    body = c["body"]
    t = 30
    wheel = 60
    for x in (-w / 2 + t / 2, w / 2 - t / 2):
        sc.leg(x, d - t / 2, wheel, h, t, body)
    for i in range(3):
        y = wheel + 60 + i * (h - wheel - 120) / 2
        sc.box(-w / 2, w / 2, y, y + 20, 0, d, body)
        sc.box(-w / 2, w / 2, y + 20, y + 80, 0, 12, body)
        if i == 0:
            for k in range(3):
                sc.disk(-w / 4 + k * 130, d / 2, 55, y + 20, y + 100, [(232, 150, 60), (220, 190, 70), (120, 160, 80)][k])
        if i == 1:
            for k in range(4):
                sc.cylinder(-w / 2 + 90 + k * 120, d / 2, 40, y + 20, y + 150, (236, 232, 222))
    for x in (-w / 2 + t / 2, w / 2 - t / 2):
        sc.leg(x, t / 2, wheel, h, t, body)
        sc.fellipse(x, wheel / 2, wheel / 2, wheel / 2, 0, STEEL_DARK)
    sc.fline([(w / 2 - 10, h - 40), (w / 2 + 90, h - 40), (w / 2 + 90, h - 200), (w / 2 - 10, h - 200)], 10, STEEL_DARK, 18)


def draw_tvstand(sc, c, w, d, h):
    body, wood = c["body"], c["wood"]
    legs = 120
    _legs4(sc, w, d, 0, legs, 40, wood, inset=60, front=False)
    sc.box(-w / 2, w / 2, legs, h, 0, d, body)
    third = (w - 40) / 3
    sc.frect(-w / 2 + 20, -w / 2 + 20 + third - 8, legs + 20, h - 20, 0, shade(body, 1.03), 6)
    sc.frect(-w / 2 + 20 + third, -w / 2 + 20 + 2 * third, legs + 20, h - 20, 0, shade(body, 0.55))
    sc.frect(-w / 2 + 28 + 2 * third, w / 2 - 20, legs + 20, h - 20, 0, shade(body, 1.03), 6)
    if c["mat"] == "teak":
        for x0 in (-w / 2 + 20, -w / 2 + 28 + 2 * third):
            sc.frect(x0 + 50, x0 + third - 60, legs + 70, h - 70, 0, shade(body, 0.9), 6)
    sc.frect(-w / 2 + third - 20, -w / 2 + third, (legs + h) / 2 - 40, (legs + h) / 2 + 40, 0, wood if wood != body else shade(body, 0.6), 6)
    sc.frect(-w / 2 + 48 + 2 * third, -w / 2 + 68 + 2 * third, (legs + h) / 2 - 40, (legs + h) / 2 + 40, 0, wood if wood != body else shade(body, 0.6), 6)
    sc.box(-w / 2 + 20 + third + 40, -w / 2 + 20 + third + 300, legs + 20, legs + 80, 40, 300, (60, 60, 64))
    _legs4(sc, w, d, 0, legs, 40, wood, inset=60, back=False)
    sc.cylinder(w * 0.3, d * 0.5, 60, h, h + 200, (220, 214, 204))
    sc.fellipse(w * 0.3 + d * 0.5 * KX, h + 260 + d * 0.5 * KY, 50, 80, 0, (110, 150, 110))


def draw_sideboard(sc, c, w, d, h):
    body = c["body"]
    legs = 180
    _legs4(sc, w, d, 0, legs, 45, shade(body, 0.85), inset=60, front=False)
    sc.box(-w / 2, w / 2, legs, h, 0, d, body)
    n = 4
    dw = (w - 40) / n
    for i in range(n):
        x0 = -w / 2 + 20 + i * dw
        sc.frect(x0 + 6, x0 + dw - 6, legs + 20, h - 20, 0, shade(body, 1.02), 6)
        inner = [sc.P(x0 + 40, h - 60, 0), sc.P(x0 + dw - 40, h - 60, 0), sc.P(x0 + dw - 40, legs + 60, 0), sc.P(x0 + 40, legs + 60, 0)]
        sc.d.polygon(inner, fill=shade(WOOD["rattan"], 1.15))
        sc.texture(inner, "cane", shade(WOOD["rattan"], 0.8), step=12, width=2)
    _legs4(sc, w, d, 0, legs, 45, shade(body, 0.85), inset=60, back=False)
    sc.cylinder(-w * 0.3, d * 0.5, 80, h, h + 260, (224, 218, 206))
    sc.box(w * 0.15, w * 0.15 + 300, h, h + 60, 60, 300, (226, 222, 214))


def draw_shoecab(sc, c, w, d, h):
    body, wood, mat = c["body"], c["wood"], c["mat"]
    legs = 100
    _legs4(sc, w, d, 0, legs, 40, shade(wood, 0.9), inset=40, front=False)
    sc.box(-w / 2, w / 2, legs, h, 0, d, body)
    rows = 2
    rh = (h - legs - 40) / rows
    for r in range(rows):
        for k in range(2):
            x0 = -w / 2 + 20 + k * (w - 40) / 2
            y0 = legs + 20 + r * rh
            face = shade(body, 1.03)
            sc.frect(x0 + 5, x0 + (w - 40) / 2 - 5, y0 + 5, y0 + rh - 5, 0, face, 6)
            inner = [sc.P(x0 + 40, y0 + rh - 90, 0), sc.P(x0 + (w - 40) / 2 - 40, y0 + rh - 90, 0),
                     sc.P(x0 + (w - 40) / 2 - 40, y0 + 40, 0), sc.P(x0 + 40, y0 + 40, 0)]
            if mat == "rattan":
                sc.d.polygon(inner, fill=shade(body, 1.12))
                sc.texture(inner, "cane", shade(body, 0.75), step=12, width=2)
            else:
                sc.texture(inner, "hlines", shade(body, 0.82), step=14, width=3)
            sc.frect(x0 + 60, x0 + (w - 40) / 2 - 60, y0 + rh - 60, y0 + rh - 45, 0, wood if wood != body else shade(body, 0.6), 6)
    _legs4(sc, w, d, 0, legs, 40, shade(wood, 0.9), inset=40, back=False)


def draw_shoerack(sc, c, w, d, h):
    body = c["body"]
    t = 30
    for x in (-w / 2, w / 2 - t):
        sc.box(x, x + t, 0, h, d - t, d, body)
    shoe_cols = [(70, 70, 74), (190, 70, 60), (236, 236, 232), (90, 110, 150), (200, 170, 120)]
    for i in range(3):
        y = 40 + i * (h - 60) / 2.6
        for k in range(4):
            z = 30 + k * (d - 60) / 4
            sc.box(-w / 2 + t, w / 2 - t, y, y + 18, z, z + 40, body)
        if i < 2:
            for k in range(3):
                x0 = -w / 2 + 60 + k * (w - 120) / 3
                sc.soft(x0, x0 + 150, y + 18, y + 100, 40, d - 40, shoe_cols[(i * 3 + k) % 5], r=30)
    for x in (-w / 2, w / 2 - t):
        sc.box(x, x + t, 0, h, 0, t, body)


def draw_desk(sc, c, w, d, h, writing=False):
    body, mat = c["body"], c["mat"]
    legc = STEEL_DARK if mat == "oak" and not writing else body
    lt = 45
    _legs4(sc, w, d, 0, h - 30, lt, legc, inset=50, front=False)
    sc.box(-w / 2 + 30, w / 2 - 30, h - 160, h - 30, 40, d - 40, shade(body, 0.95))
    if writing:
        for x0 in (-w / 2 + 60, 40):
            sc.frect(x0, x0 + w / 2 - 100, h - 145, h - 45, 40, shade(body, 1.03), 6)
            sc.fellipse(x0 + (w / 2 - 100) / 2, h - 95, 18, 18, 40, BRASS)
    else:
        sc.frect(w / 2 - 480, w / 2 - 60, h - 145, h - 45, 40, shade(body, 1.03), 6)
        sc.frect(w / 2 - 320, w / 2 - 220, h - 100, h - 88, 40, shade(body, 0.7), 6)
    f = sc.box(-w / 2, w / 2, h - 30, h, 0, d, body)
    if mat in ("teak", "oak", "rubberwood"):
        sc.texture(f["top"], "hlines", shade(body, 0.93), step=22, width=2)
    _legs4(sc, w, d, 0, h - 30, lt, legc, inset=50, back=False)
    # a laptop and a mug
    sc.box(-w / 4, -w / 4 + 330, h, h + 15, d * 0.35, d * 0.35 + 230, (190, 192, 198))
    sc.poly3([(-w / 4, h + 15, d * 0.35 + 230), (-w / 4 + 330, h + 15, d * 0.35 + 230),
              (-w / 4 + 330, h + 235, d * 0.35 + 260), (-w / 4, h + 235, d * 0.35 + 260)], (150, 154, 160))
    sc.cylinder(w / 4, d * 0.4, 40, h, h + 100, (236, 232, 222))


def draw_writingdesk(sc, c, w, d, h):
    draw_desk(sc, c, w, d, h, writing=True)


def draw_cornerdesk(sc, c, w, d, h):
    body = c["body"]
    top = (200, 164, 120)
    lt = 40
    wing = 550
    sc.leg(-w / 2 + 40, d - 40, 0, h - 30, lt, body)
    sc.leg(w / 2 - 40, d - 40, 0, h - 30, lt, body)
    sc.poly3([(-w / 2, h, d - wing), (w / 2, h, d - wing), (w / 2, h, d), (-w / 2, h, d)], shade(top, 1.1))
    sc.box(-w / 2, w / 2, h - 30, h, d - wing, d, top)
    sc.leg(-w / 2 + 40, 40, 0, h - 30, lt, body)
    sc.box(-w / 2, -w / 2 + wing, h - 30, h, 0, d - wing, top)
    sc.leg(-w / 2 + wing - 40, 40, 0, h - 30, lt, body)
    sc.leg(-w / 2 + wing - 40, d - wing - 20, 0, h - 30, lt, body)
    sc.leg(w / 2 - 40, d - wing + 40, 0, h - 30, lt, body)
    for x in (-w / 2 + 500, w / 2 - 380):
        sc.box(x, x + 340, h, h + 20, d - 200, d - 120, (60, 60, 64))
        sc.box(x + 150, x + 190, h, h + 150, d - 160, d - 130, (60, 60, 64))
        sc.box(x - 40, x + 380, h + 150, h + 400, d - 140, d - 120, (40, 42, 46))


def draw_kiddesk(sc, c, w, d, h):
    body, wood = c["body"], c["wood"]
    for x in (-w / 2, w / 2 - 40):
        sc.box(x, x + 40, 0, h - 20, 30, d - 20, body)
    sc.box(-w / 2 + 40, w / 2 - 40, 150, 170, 40, d - 40, body)
    sc.box(-w / 2 + 40, w / 2 - 40, h, h + 320, d - 60, d - 20, body)
    books(sc, -w / 2 + 80, w / 2 - 200, h, d - 240, 250, 2)
    sc.poly3([(-w / 2, h - 20, 0), (w / 2, h - 20, 0), (w / 2, h + 40, d - 60), (-w / 2, h + 40, d - 60)], wood)
    sc.box(-w / 2, w / 2, h - 40, h - 20, 0, 20, shade(wood, 0.85))
    sc.box(w / 2 - 200, w / 2 - 60, h + 40, h + 160, d - 220, d - 120, (226, 164, 164))


def draw_laptopdesk(sc, c, w, d, h):
    body = c["body"]
    for x in (-w / 2 + 20, w / 2 - 60):
        sc.box(x, x + 40, 0, h, d - 60, d - 20, body)
    sc.box(-w / 2 + 40, w / 2 - 40, 200, 225, 30, d - 30, body)
    books(sc, -w / 2 + 60, -w / 2 + 300, 225, 60, 200, 1)
    f = sc.box(-w / 2, w / 2, h - 25, h, 0, d, body)
    sc.texture(f["front"], "vlines", shade(body, 0.75), step=22, width=2)
    for x in (-w / 2 + 20, w / 2 - 60):
        sc.box(x, x + 40, 0, h - 25, 20, 60, body)
    sc.box(-150, 180, h, h + 12, 100, 320, (190, 192, 198))
    sc.poly3([(-150, h + 12, 320), (180, h + 12, 320), (180, h + 220, 350), (-150, h + 220, 350)], (150, 154, 160))


def draw_standing(sc, c, w, d, h):
    body, mat = c["body"], c["mat"]
    frame = body if mat == "metal" else (236, 236, 234)
    top = body if mat != "metal" else (236, 234, 228)
    if mat == "metal" and c["col"] == "black":
        top = (206, 170, 124)
    for x in (-w / 2 + 150, w / 2 - 150):
        sc.box(x - 40, x + 40, 0, 30, 20, d - 20, frame)
        sc.box(x - 35, x + 35, 30, h * 0.6, d / 2 - 35, d / 2 + 35, shade(frame, 0.95))
        sc.box(x - 28, x + 28, h * 0.6, h - 30, d / 2 - 28, d / 2 + 28, frame)
    sc.box(-w / 2 + 150, w / 2 - 150, h - 80, h - 30, d / 2 - 20, d / 2 + 20, frame)
    sc.box(-w / 2, w / 2, h - 30, h, 0, d, top)
    sc.frect(w / 2 - 300, w / 2 - 160, h - 55, h - 30, 0, (50, 50, 54), 4)
    sc.box(-180, 180, h, h + 20, d - 260, d - 200, (60, 60, 64))
    sc.box(-20, 20, h, h + 150, d - 230, d - 210, (60, 60, 64))
    sc.box(-320, 320, h + 150, h + 420, d - 215, d - 200, (40, 42, 46))


def draw_standing_manual(sc, c, w, d, h):
    draw_standing(sc, c, w, d, h)


def draw_officechair(sc, c, w, d, h, headrest=False, tall=False, kids=False, tub=False):
    body, mat = c["body"], c["mat"]
    base = (50, 50, 54) if c["col"] != "white" and c["col"] != "pink" else (200, 200, 204)
    if c["col"] == "pink":
        base = BRASS
    r = w / 2
    cz = d / 2
    # star base: five spokes
    for k in range(5):
        a = -math.pi / 2 + 0.3 + k * 2 * math.pi / 5
        ex, ez = sc.rpt(0, cz, r * 0.95 * math.cos(a), r * 0.95 * math.sin(a))
        sc.d.line([sc.P(0, 70, cz), sc.P(ex, 60, ez)], fill=base, width=sc.px(45))
        sc.fellipse(ex + ez * KX, 28 + ez * KY, 30, 28, 0, (40, 40, 42))
    sc.leg(0, cz, 60, 420, 50, shade(base, 1.1))
    seat_y = 480
    if tub:
        sc.leg(0, cz, 380, seat_y - 40, 60, shade(base, 1.1))
        sc.soft(-r, r, seat_y - 40, seat_y + 330, d - 170, d - 40, body, r=170)
        sc.soft(-r, -r + 120, seat_y - 40, seat_y + 170, 60, d - 130, body, r=60)
        sc.soft(-r + 110, r - 110, seat_y - 60, seat_y + 50, 20, d - 160, shade(body, 1.04), r=50)
        sc.soft(r - 120, r, seat_y - 40, seat_y + 170, 60, d - 130, body, r=60)
        return
    bw = w * (0.78 if not tall else 0.85)
    back_top = h - (120 if headrest else 0)
    sc.box(-30, 30, seat_y, seat_y + 150, d - 80, d - 50, shade(base, 1.05))
    sc.soft(-bw / 2, bw / 2, seat_y + 120, back_top, d - 80, d - 30, body, r=120 if not kids else 160)
    if mat == "fabric" and not kids:
        inner = [sc.P(-bw / 2 + 50, seat_y + 180, d - 80), sc.P(bw / 2 - 50, seat_y + 180, d - 80),
                 sc.P(bw / 2 - 50, back_top - 60, d - 80), sc.P(-bw / 2 + 50, back_top - 60, d - 80)]
        sc.texture(inner, "cane", shade(body, 1.25), step=8, width=1)
    if mat == "leather":
        for yy in range(int(seat_y + 260), int(back_top - 100), 160):
            for xx in (-bw / 4, 0, bw / 4):
                sc.fellipse(xx, yy, 12, 12, d - 80, shade(body, 0.7))
    if headrest:
        sc.box(-20, 20, back_top - 40, back_top + 40, d - 70, d - 50, shade(base, 1.05))
        sc.soft(-bw / 3, bw / 3, back_top + 30, h, d - 80, d - 40, body, r=50)
    # arms
    if not kids:
        sc.box(-r + 30, -r + 60, seat_y + 20, seat_y + 220, cz - 40, cz, shade(base, 1.05))
        sc.soft(-r, -r + 90, seat_y + 210, seat_y + 250, 40, d - 140, shade(base, 1.15) if mat != "leather" else body, r=20)
    sc.soft(-r + 20, r - 20, seat_y - 60, seat_y + 30, 0, d - 70, body, r=50)
    if not kids:
        sc.box(r - 60, r - 30, seat_y + 20, seat_y + 220, cz - 40, cz, shade(base, 1.05))
        sc.soft(r - 90, r, seat_y + 210, seat_y + 250, 40, d - 140, shade(base, 1.15) if mat != "leather" else body, r=20)


def draw_filing(sc, c, w, d, h, n=3):
    body, mat = c["body"], c["mat"]
    sc.box(-w / 2, w / 2, 0, h, 0, d, body)
    dh = (h - 40) / n
    for i in range(n):
        y0 = 20 + i * dh
        sc.frect(-w / 2 + 20, w / 2 - 20, y0 + 8, y0 + dh - 8, 0, shade(body, 1.04), 6)
        sc.frect(-90, 90, y0 + dh * 0.62, y0 + dh * 0.62 + 30, 0, shade(body, 0.6) if mat == "metal" else BRASS, 8)
        if mat == "metal":
            sc.frect(-50, 50, y0 + dh * 0.78, y0 + dh * 0.78 + 50, 0, (236, 236, 232), 2)
    sc.fellipse(w / 2 - 60, h - 40, 14, 14, 0, (180, 180, 184))


def draw_pedestal(sc, c, w, d, h):
    body = c["body"]
    wheel = 55
    sc.box(-w / 2, w / 2, wheel, h, 0, d, body)
    dh = (h - wheel - 30) / 3
    for i in range(3):
        y0 = wheel + 15 + i * dh
        sc.frect(-w / 2 + 15, w / 2 - 15, y0 + 6, y0 + dh - 6, 0, shade(body, 1.04), 6)
        sc.frect(-70, 70, y0 + dh - 50, y0 + dh - 32, 0, (150, 150, 156), 8)
    for x in (-w / 2 + 50, w / 2 - 50):
        sc.fellipse(x, wheel / 2, wheel / 2, wheel / 2, 20, (50, 50, 54))


def draw_gardenset(sc, c, w, d, h, n=4, bistro=False):
    mat = c["mat"]
    chair_w, chair_d, chair_h = 520, 540, 820
    if bistro:
        chair_w, chair_d = 440, 460

    def chair(x, z, reverse):
        sub = Scene.__new__(Scene)
        sub.img, sub.d, sub.s = sc.img, sc.d, sc.s
        sub.ox, sub.oy = sc.P(x, 0, z)
        draw_chair(sub, c, chair_w, chair_d, chair_h, reverse=reverse)

    per_side = max(1, n // 2)
    if bistro:
        chair(-w * 0.95, d * 0.3, False)
        draw_bistro(sc, c, w, d, h)
        chair(w * 0.95, d * 0.3, False)
        return
    span = w - chair_w * 1.1
    xs = [(-span / 2 + i * span / max(1, per_side - 1)) if per_side > 1 else 0 for i in range(per_side)]
    for x in xs:
        chair(x, d - chair_d * 0.35, False)
    if mat == "plastic":
        draw_rounddining(sc, c, w, d, h)
    else:
        draw_dining(sc, c, w, d, h)
    for x in xs:
        chair(x, -chair_d * 0.6, True)


def draw_bistroset(sc, c, w, d, h, n=2):
    draw_gardenset(sc, c, w, d, h, n=2, bistro=True)


def draw_lounger(sc, c, w, d, h):
    body, soft, mat = c["body"], c["soft"], c["mat"]
    legh = 120
    frame_y = h - 80
    # back end on the left (raised backrest)
    sc.box(-w / 2, w / 2, legh, frame_y, 0, d, body) if mat == "rattan" else None
    if mat != "rattan":
        sc.box(-w / 2, w / 2, frame_y - 60, frame_y, d - 40, d, body)
    wheel_r = 70
    sc.fellipse(w / 2 - 120 + (d - 30) * KX, wheel_r + (d - 30) * KY, wheel_r, wheel_r, 0, shade(body, 0.7))
    if mat == "rattan":
        f = sc.box(-w / 2, w / 2, legh, frame_y, 0, d, body)
        sc.finish(f["front"], body, "rattan")
        sc.finish(f["side"], body, "rattan")
    # backrest raised
    bx0 = -w / 2 + 30
    bx1 = -w / 2 + 620
    back_top = frame_y + 520
    pts = [(bx0, back_top, 40), (bx1, frame_y + 30, 40), (bx1, frame_y + 30, d - 40), (bx0, back_top, d - 40)]
    sc.poly3(pts, shade(body, 1.08))
    if mat != "plastic":
        cushion = soft if mat != "rattan" else (236, 232, 222)
        sc.box(-w / 2 + 560, w / 2 - 30, frame_y, frame_y + 90, 30, d - 30, cushion)
        sc.poly3([(bx0 + 20, back_top + 60, 30), (bx1 + 40, frame_y + 90, 30), (bx1 + 40, frame_y + 90, d - 30), (bx0 + 20, back_top + 60, d - 30)], shade(cushion, 1.05))
        sc.poly3([(bx0 + 20, back_top + 60, 30), (bx1 + 40, frame_y + 90, 30), (bx1 + 40, frame_y, 30), (bx0 + 20, back_top - 30, 30)], shade(cushion, 0.9))
    else:
        f = sc.box(-w / 2 + 560, w / 2 - 30, frame_y - 20, frame_y + 20, 20, d - 20, body)
        sc.texture(f["top"], "vlines", shade(body, 0.85), step=16, width=3)
    if mat != "rattan":
        sc.box(-w / 2, w / 2, frame_y - 60, frame_y, 0, 40, body)
        for x in (-w / 2 + 40, w / 2 - 160):
            sc.box(x, x + 50, 0, frame_y - 60, 0, 40, shade(body, 0.9))
    if mat == "teak":
        sc.texture([sc.P(-w / 2, frame_y, 0), sc.P(w / 2, frame_y, 0), sc.P(w / 2, frame_y - 60, 0), sc.P(-w / 2, frame_y - 60, 0)], "vlines", shade(body, 0.8), step=24, width=2)


def draw_foldlounger(sc, c, w, d, h):
    # a classic deckchair seen from the front-left
    body = c["body"]
    wood = WOOD["teak"]
    sc.box(-w / 2, -w / 2 + 35, 0, h, d * 0.7, d * 0.7 + 35, wood)
    sc.box(w / 2 - 35, w / 2, 0, h, d * 0.7, d * 0.7 + 35, wood)
    sling = [(-w / 2 + 40, h - 30, d * 0.75), (w / 2 - 40, h - 30, d * 0.75), (w / 2 - 40, 300, 80), (-w / 2 + 40, 300, 80)]
    sc.poly3(sling, body)
    pts = [sc.P(*q) for q in sling]
    sc.texture(pts, "vlines", (246, 244, 238), step=max(20, int(sc.s * 90)), width=max(6, int(sc.s * 45)))
    sc.box(-w / 2, -w / 2 + 35, 0, 520, 0, 35, wood)
    sc.box(w / 2 - 35, w / 2, 0, 520, 0, 35, wood)
    sc.box(-w / 2, w / 2, 480, 520, 0, 35, wood)
    sc.box(-w / 2, -w / 2 + 35, 360, 400, 0, d * 0.7, wood)
    sc.box(w / 2 - 35, w / 2, 360, 400, 0, d * 0.7, wood)


def _posts(sc, w, d, h, col, t=90):
    for x in (-w / 2, w / 2 - t):
        sc.box(x, x + t, 0, h, d / 2 - t / 2, d / 2 + t / 2, col)


def draw_hammock(sc, c, w, d, h, stand=False):
    body = c["body"]
    wood = WOOD["teak"]
    top_y = h
    if stand:
        steel = (60, 62, 66)
        sc.box(-w / 2 + 100, w / 2 - 100, 0, 60, d / 2 - 40, d / 2 + 40, steel)
        for sgn in (-1, 1):
            x_end = sgn * (w / 2 - 60)
            x_mid = sgn * (w / 2 - 400)
            sc.fline([(x_mid, 30), (x_end, h)], d / 2, steel, 60)
    else:
        _posts(sc, w, d, h + 300, wood, t=100)
    # the hammock: a curved cloth between the two hanging points
    sag = 520
    rope = (200, 190, 170)
    for sgn in (-1, 1):
        x_end = sgn * (w / 2 - (100 if not stand else 60))
        x_cloth = sgn * (w / 2 - 700)
        for k in range(5):
            sc.fline([(x_end, top_y), (x_cloth, top_y - 280 - (k - 2) * 18)], d / 2 + (k - 2) * 40, rope, 8)
    n = 30
    upper = []
    lower = []
    x0, x1 = -w / 2 + 700, w / 2 - 700
    for i in range(n + 1):
        t = i / n
        x = x0 + (x1 - x0) * t
        yy = top_y - 280 - sag * math.sin(math.pi * t)
        upper.append((x, yy))
        lower.append((x, yy - 200 * math.sin(math.pi * t) - 40))
    z = d / 2
    sc.fpoly(upper + lower[::-1], z, shade(body, 0.85))
    inner = []
    for i in range(n + 1):
        t = i / n
        x = x0 + (x1 - x0) * t
        inner.append((x, top_y - 280 - sag * math.sin(math.pi * t) + 150 * math.sin(math.pi * t)))
    sc.fpoly(inner + upper[::-1], z - 300, body)
    stripes = [sc.P(x, y, z - 300) for x, y in inner + upper[::-1]]
    sc.texture(stripes, "vlines", (238, 226, 196), step=max(10, int(sc.s * 140)), width=max(4, int(sc.s * 40)))
    stripes2 = [sc.P(x, y, z) for x, y in upper + lower[::-1]]
    sc.texture(stripes2, "vlines", shade((238, 226, 196), 0.9), step=max(10, int(sc.s * 140)), width=max(4, int(sc.s * 40)))


def draw_hammockstand(sc, c, w, d, h):
    draw_hammock(sc, c, w, d, h, stand=True)


def draw_eggchair(sc, c, w, d, h):
    body = c["body"]
    steel = (56, 58, 62)
    r = w / 2
    sc.disk(0, d / 2, r * 0.8, 0, 40, steel)
    sc.fline([(-r * 0.55, 40), (-r * 0.7, h * 0.75), (-r * 0.3, h - 20), (0, h - 40)], d / 2, steel, 50)
    sc.fline([(0, h - 40), (0, h - 250)], d / 2, steel, 16)
    cy = h * 0.48
    sc.fellipse(0, cy, r * 0.78, h * 0.3, d / 2 - 80, shade(body, 0.85))
    a = sc.P(-r * 0.78, cy + h * 0.3, d / 2 - 80)
    b = sc.P(r * 0.78, cy - h * 0.3, d / 2 - 80)
    sc.texture([(a[0], a[1]), (b[0], a[1]), (b[0], b[1]), (a[0], b[1])], "weave", shade(body, 0.7), step=12, width=2)
    sc.fellipse(0, cy - 20, r * 0.55, h * 0.22, d / 2 - 150, shade(body, 0.55))
    sc.fellipse(0, cy - 70, r * 0.48, h * 0.12, d / 2 - 160, LINEN)
    sc.fellipse(0, cy + 110, r * 0.32, h * 0.09, d / 2 - 150, shade(LINEN, 0.95))
    # mask the outer ring back to a clean ellipse edge (the texture is clipped to a box)
    ring = Image.new("L", (CW, CH_), 0)
    ImageDraw.Draw(ring).ellipse([a[0], a[1], b[0], b[1]], fill=255)
    inv = ImageOps.invert(ring)
    bbox = [a[0] - 2, a[1] - 2, b[0] + 2, b[1] + 2]
    box_mask = Image.new("L", (CW, CH_), 0)
    ImageDraw.Draw(box_mask).rectangle(bbox, fill=255)
    cut = ImageChops.multiply(inv, box_mask)
    sc.img.paste((0, 0, 0, 0), (0, 0), cut)
    sc.fline([(-r * 0.55, 40), (-r * 0.7, h * 0.75), (-r * 0.3, h - 20), (0, h - 40)], d / 2, steel, 50)
    sc.fline([(0, h - 40), (0, cy + h * 0.3 - 20)], d / 2 - 80, steel, 16)


def draw_swingbench(sc, c, w, d, h):
    body = c["body"]
    t = 80
    zm = d / 2
    beam_y = h - 40

    def a_legs(z):
        for x in (-w / 2 + t / 2, w / 2 - t / 2):
            sc.d.polygon([sc.P(x - t / 2, 0, z), sc.P(x + t / 2, 0, z), sc.P(x + t / 2, beam_y, zm), sc.P(x - t / 2, beam_y, zm)],
                         fill=tuple(shade(body, 0.9 if z > zm else 1.0)))

    a_legs(d - 40)
    sc.box(-w / 2 - 60, w / 2 + 60, beam_y - 30, beam_y + 60, zm - 45, zm + 45, body)
    seat_y = 450
    chain = (120, 120, 124)
    bx0, bx1 = -w / 2 + 230, w / 2 - 230
    for x in (bx0 + 40, bx1 - 40):
        sc.fline([(x, seat_y + 480), (x, beam_y - 30)], zm + 120, chain, 12)
    sc.box(bx0, bx1, seat_y + 80, seat_y + 480, zm + 120, zm + 160, body)
    sc.texture([sc.P(bx0, seat_y + 480, zm + 120), sc.P(bx1, seat_y + 480, zm + 120),
                sc.P(bx1, seat_y + 80, zm + 120), sc.P(bx0, seat_y + 80, zm + 120)], "vlines", shade(body, 0.8), step=30, width=3)
    sc.box(bx0, bx1, seat_y - 20, seat_y + 40, zm - 200, zm + 160, body)
    sc.soft(bx0 + 20, bx1 - 20, seat_y + 40, seat_y + 120, zm - 180, zm + 120, LINEN, r=30)
    for x in (bx0 - 20, bx1 - 40):
        sc.box(x, x + 60, seat_y - 20, seat_y + 260, zm - 200, zm + 140, shade(body, 0.95))
    for x in (bx0 + 40, bx1 - 40):
        sc.fline([(x, seat_y + 250), (x, beam_y - 30)], zm - 180, chain, 12)
    sc.box(-w / 2, -w / 2 + t, 0, 50, 40, d - 40, shade(body, 0.85))
    sc.box(w / 2 - t, w / 2, 0, 50, 40, d - 40, shade(body, 0.85))
    a_legs(40)


def draw_kidswing(sc, c, w, d, h):
    body = c["body"]
    rope = (196, 180, 150)
    seat_y = h * 0.25
    for x in (-w / 2 + 40, w / 2 - 40):
        sc.fline([(x, seat_y + 30), (x * 0.6, h)], d / 2, rope, 14)
    sc.soft(-w / 2, w / 2, seat_y - 40, seat_y + 30, 0, d, body, r=30)
    sc.box(-w * 0.6, w * 0.6, h, h + 60, d / 2 - 40, d / 2 + 40, WOOD["teak"])


def draw_floorlamp(sc, c, w, d, h):
    body = c["body"]
    r = w / 2
    sc.disk(0, d / 2, r * 0.6, 0, 30, shade(body, 0.7))
    sc.leg(0, d / 2, 30, h - 300, 30, shade(body, 0.8))
    # shade: a woven drum cone
    top_r, bot_r = r * 0.7, r
    y0, y1 = h - 400, h
    pts = [(-bot_r, y0), (bot_r, y0), (top_r, y1), (-top_r, y1)]
    sc.fpoly(pts, d / 2, body)
    sp = [sc.P(x, y, d / 2) for x, y in pts]
    sc.texture(sp, "weave", shade(body, 0.75), step=10, width=2)
    sc.fellipse(0, y0, bot_r, 30, d / 2, shade(body, 0.7))
    sc.fellipse(0, y0 + 5, bot_r * 0.6, 16, d / 2, (255, 236, 180))


def draw_tablelamp(sc, c, w, d, h):
    wood = c["wood"]
    shade_col = (246, 242, 232)
    r = w / 2
    sc.fellipse(0, 20, r * 0.5, 20, 0, shade(wood, 0.8))
    sc.fpoly([(-r * 0.45, 20), (r * 0.45, 20), (r * 0.3, h * 0.3), (r * 0.35, h * 0.45), (-r * 0.35, h * 0.45), (-r * 0.3, h * 0.3)], 0, wood)
    sc.fellipse(0, h * 0.45, r * 0.35, 22, 0, shade(wood, 1.1))
    sc.fline([(0, h * 0.45), (0, h * 0.6)], 0, (200, 190, 170), 12)
    sc.fpoly([(-r, h * 0.55), (r, h * 0.55), (r * 0.72, h), (-r * 0.72, h)], 0, shade_col)
    sc.fpoly([(r * 0.55, h * 0.55), (r, h * 0.55), (r * 0.72, h), (r * 0.4, h)], 0, shade(shade_col, 0.92))


def draw_pendant(sc, c, w, d, h):
    body, mat = c["body"], c["mat"]
    r = w / 2
    if mat == "rattan":
        ry = r * 0.86
        cy = ry + 10
        sc.fline([(0, h), (0, cy + ry - 20)], 0, (50, 50, 54), 8)
        sc.fellipse(0, cy, r, ry, 0, body)
        outline = [sc.P(r * math.cos(2 * math.pi * i / 64) * 0.99, cy + ry * math.sin(2 * math.pi * i / 64) * 0.99, 0) for i in range(64)]
        sc.texture(outline, "weave", shade(body, 0.72), step=12, width=3)
        sc.fellipse(0, cy - ry * 0.55, r * 0.42, ry * 0.18, 0, (255, 236, 180))
        return
    sc.fline([(0, h), (0, h * 0.55)], 0, (50, 50, 54), 8)
    cy = h * 0.2
    sc.fpoly([(-r, cy - 40), (r, cy - 40)] + [(r * math.cos(t * math.pi / 20), cy - 40 + (h * 0.35) * math.sin(t * math.pi / 20)) for t in range(0, 21)], 0, body)
    sc.fellipse(0, cy - 40, r, 24, 0, shade(body, 0.7))
    sc.fellipse(0, cy - 50, r * 0.35, 40, 0, (255, 236, 180))
    sc.fpoly([(-40, cy + h * 0.35 - 40), (40, cy + h * 0.35 - 40), (40, h * 0.58), (-40, h * 0.58)], 0, shade(body, 0.9))


def draw_nightlamp(sc, c, w, d, h):
    body = c["body"]
    r = w / 2
    glow = (255, 240, 190)
    sc.frect(-r * 0.8, r * 0.8, 0, h * 0.3, 0, shade(body, 0.85), 12)
    sc.fellipse(0, h * 0.62, r, h * 0.4, 0, glow)
    sc.fellipse(r * 0.35, h * 0.72, r * 0.72, h * 0.34, 0, (250, 250, 246, 0) if False else shade(glow, 1.1))
    sc.fellipse(-r * 0.1, h * 0.62, r * 0.84, h * 0.38, 0, body)
    sc.fellipse(-r * 0.45, h * 0.75, r * 0.12, r * 0.12, 0, shade(body, 0.85))
    sc.fellipse(-r * 0.2, h * 0.45, r * 0.08, r * 0.08, 0, shade(body, 0.85))


# flat things, seen from above at an angle: drawn in a unit square mapped to a trapezoid

class Flat:
    def __init__(self, sc, w, d):
        self.sc = sc
        self.w, self.d = w, d

    def P(self, u, v):
        """u across (0..1), v from the far edge (0) to the near edge (1)."""
        sc = self.sc
        narrow = 0.82 + 0.18 * v
        x = (u - 0.5) * self.w * narrow
        y = self.d * 0.5 * (1 - v)
        return (sc.ox + sc.s * x, sc.oy - sc.s * y)

    def quad(self, u0, u1, v0, v1, col):
        self.sc.d.polygon([self.P(u0, v0), self.P(u1, v0), self.P(u1, v1), self.P(u0, v1)], fill=tuple(col))

    def polyuv(self, pts, col):
        self.sc.d.polygon([self.P(u, v) for u, v in pts], fill=tuple(col))


def draw_rug(sc, c, w, d, h, pattern="border"):
    body = c["body"]
    f = Flat(sc, w, d)
    # thickness
    sc.d.polygon([f.P(0, 1), f.P(1, 1), (f.P(1, 1)[0], f.P(1, 1)[1] + sc.px(25)), (f.P(0, 1)[0], f.P(0, 1)[1] + sc.px(25))], fill=shade(body, 0.7))
    f.quad(0, 1, 0, 1, body)
    light = mix(body, WHITE, 0.55)
    if pattern == "border":
        f.quad(0.06, 0.94, 0.06, 0.94, light)
        f.quad(0.09, 0.91, 0.09, 0.91, body)
        for k in range(5):
            v = 0.25 + k * 0.125
            f.quad(0.2, 0.8, v, v + 0.02, shade(body, 0.85))
    else:
        cream = (240, 228, 204)
        f.quad(0.05, 0.95, 0.04, 0.96, cream)
        f.quad(0.09, 0.91, 0.08, 0.92, body)
        for row in range(5):
            for col in range(4):
                cu = 0.2 + col * 0.2
                cv = 0.17 + row * 0.165
                f.polyuv([(cu, cv - 0.07), (cu + 0.08, cv), (cu, cv + 0.07), (cu - 0.08, cv)], cream)
                f.polyuv([(cu, cv - 0.035), (cu + 0.04, cv), (cu, cv + 0.035), (cu - 0.04, cv)], (40, 40, 44))
        # fringes
        for k in range(40):
            u = 0.03 + k * 0.94 / 39
            a = f.P(u, 1)
            sc.d.line([a, (a[0], a[1] + sc.px(60))], fill=cream, width=3)
            b = f.P(u, 0)
            sc.d.line([b, (b[0], b[1] - sc.px(50))], fill=cream, width=3)


def draw_handrug(sc, c, w, d, h):
    draw_rug(sc, c, w, d, h, pattern="diamond")


def draw_roundrug(sc, c, w, d, h):
    body = c["body"]
    f = Flat(sc, w, d)

    def ring(rad, col, drop=0):
        pts = [f.P(0.5 + rad * math.cos(2 * math.pi * i / 90), 0.5 + rad * math.sin(2 * math.pi * i / 90)) for i in range(90)]
        if drop:
            pts = [(x, y + drop) for x, y in pts]
        sc.d.polygon(pts, fill=tuple(col))

    ring(0.5, shade(body, 0.7), drop=sc.px(25))
    ring(0.5, body)
    ring(0.4, mix(body, WHITE, 0.5))
    ring(0.33, body)
    ring(0.2, mix(COLOUR_RGB["yellow"], WHITE, 0.2))
    ring(0.12, body)


def draw_bathmat(sc, c, w, d, h):
    body = c["body"]
    # drawn across: the long side left to right
    f = Flat(sc, d, w)
    sc.d.polygon([f.P(0, 1), f.P(1, 1), (f.P(1, 1)[0], f.P(1, 1)[1] + sc.px(20)), (f.P(0, 1)[0], f.P(0, 1)[1] + sc.px(20))], fill=shade(body, 0.7))
    f.quad(0, 1, 0, 1, body)
    for k in range(6):
        u = 0.12 + k * 0.15
        f.quad(u, u + 0.05, 0.1, 0.9, mix(body, WHITE, 0.35))


def draw_throw(sc, c, w, d, h):
    body = c["body"]
    stripe = shade(body, 0.78)
    lw, lh = 520, 95
    for i in range(3):
        y0 = i * lh
        sc.soft(-lw / 2, lw / 2, y0, y0 + lh + 6, 0, 360, body, r=40)
        for k, dy in enumerate((0.35, 0.62)):
            sc.fline([(-lw / 2 + 25, y0 + lh * dy), (lw / 2 - 25, y0 + lh * dy)], 0, stripe if k == 0 else mix(body, WHITE, 0.4), 9)
    top_y = 3 * lh + 6
    for zz in (80, 120, 260, 300):
        sc.d.line([sc.P(-lw / 2 + 30, top_y, zz), sc.P(lw / 2 - 30, top_y, zz)], fill=stripe, width=sc.px(10))
    for k in range(11):
        x = -lw / 2 + 40 + k * (lw - 80) / 10
        sc.fline([(x, 30), (x + 4, -45)], -5, shade(body, 0.82), 10)


def _pillow(sc, cx, cy, s, col, z=0, piping=None):
    pts = []
    n = 60
    for i in range(n):
        t = 2 * math.pi * i / n
        cos_t, sin_t = math.cos(t), math.sin(t)
        # a squircle pinched at the middle of the sides
        r = s / 2 * (abs(cos_t) ** 4 + abs(sin_t) ** 4) ** (-1 / 4.0)
        pinch = 1 - 0.04 * math.cos(4 * t)
        pts.append((cx + r * cos_t * pinch, cy + r * sin_t * pinch))
    sc.fpoly([(x + 18, y - 22) for x, y in pts], z, shade(col, 0.8))
    sc.fpoly(pts, z, col)
    if piping:
        sc.d.line([sc.P(x, y, z) for x, y in pts + pts[:1]], fill=tuple(piping), width=sc.px(10))
    sc.fellipse(cx - s * 0.12, cy + s * 0.12, s * 0.25, s * 0.18, z, shade(col, 1.08))


def draw_cushion(sc, c, w, d, h):
    body = c["body"]
    piping = shade(body, 0.8)
    _pillow(sc, 0, h / 2, w, body, piping=piping)
    if c["line"] == "angkor":
        for k in range(3):
            sc.fline([(-w * 0.32, h * (0.35 + k * 0.15)), (w * 0.32, h * (0.35 + k * 0.15))], 0, mix(body, WHITE, 0.6), 12)


def draw_trianglecushion(sc, c, w, d, h):
    body = c["body"]
    gold = (226, 186, 90)
    # base mattress
    sc.soft(-w / 2, w / 2, 0, 90, 0, d, body, r=30)
    sc.fline([(-w / 2 + 10, 45), (w / 2 - 10, 45)], 0, gold, 10)
    # triangle back: a prism seen from the front
    z = d * 0.55
    sc.poly3([(-w / 2, 90, z), (w / 2, 90, z), (w / 2, h, d * 0.82), (-w / 2, h, d * 0.82)], shade(body, 1.05))
    sc.poly3([(w / 2, 90, z), (w / 2, 90, d), (w / 2, h, d * 0.82)], shade(body, 0.75))
    for k in range(1, 4):
        t = k / 4.0
        y = 90 + (h - 90) * t
        zz = z + (d * 0.82 - z) * t
        sc.d.line([sc.P(-w / 2 + 10, y, zz), sc.P(w / 2 - 10, y, zz)], fill=gold, width=sc.px(10))


def draw_cloudcushion(sc, c, w, d, h):
    body = c["body"]
    parts = [(-w * 0.28, h * 0.4, w * 0.22), (w * 0.28, h * 0.4, w * 0.22), (-w * 0.05, h * 0.6, w * 0.3), (w * 0.12, h * 0.35, w * 0.25)]
    for cx, cy, r in parts:
        sc.fellipse(cx + 16, cy - 20, r, r * 0.85, 0, shade(body, 0.8))
    for cx, cy, r in parts:
        sc.fellipse(cx, cy, r, r * 0.85, 0, body)
    for cx in (-w * 0.12, w * 0.12):
        sc.fellipse(cx, h * 0.48, 14, 14, 0, (70, 60, 60))
    sc.fline([(-w * 0.06, h * 0.38), (0, h * 0.34), (w * 0.06, h * 0.38)], 0, (70, 60, 60), 8)


def draw_mirror(sc, c, w, d, h):
    body, mat = c["body"], c["mat"]
    r = w / 2
    cy = h / 2
    if mat == "rattan":
        for k in range(28):
            a = 2 * math.pi * k / 28
            sc.fline([(r * 0.7 * math.cos(a), cy + r * 0.7 * math.sin(a)), (r * math.cos(a), cy + r * math.sin(a))], 0, body, 22)
        sc.fellipse(0, cy, r * 0.74, r * 0.74, 0, shade(body, 0.85))
    else:
        sc.fellipse(0, cy, r, r, 0, body)
    sc.fellipse(0, cy, r * 0.64, r * 0.64, 0, MIRROR)
    sc.fline([(-r * 0.3, cy + r * 0.2), (r * 0.05, cy + r * 0.5)], 0, (232, 240, 244), 26)


def draw_floormirror(sc, c, w, d, h):
    body = c["body"]
    sc.frect(-w / 2, w / 2, 0, h, 0, body, 0)
    sc.frect(-w / 2 + 45, w / 2 - 45, 45, h - 45, 0, MIRROR)
    a = sc.P(-w / 2 + 80, h * 0.75, 0)
    b = sc.P(w / 2 - 80, h * 0.45, 0)
    sc.d.line([a, b], fill=(232, 240, 244), width=sc.px(40))


def draw_bathmirror(sc, c, w, d, h):
    body = c["body"]
    sc.frect(-w / 2, w / 2, 0, h, 0, body, 90)
    sc.frect(-w / 2 + 18, w / 2 - 18, 18, h - 18, 0, MIRROR, 75)
    a = sc.P(-w / 2 + 80, h * 0.7, 0)
    b = sc.P(w / 2 - 120, h * 0.35, 0)
    sc.d.line([a, b], fill=(232, 240, 244), width=sc.px(30))


def draw_carvedmirror(sc, c, w, d, h):
    body = c["body"]
    # arch frame with scalloped edge
    for k in range(24):
        t = math.pi * k / 23
        sc.fellipse((w / 2 - 40) * math.cos(t), h - w / 2 + (w / 2 - 40) * math.sin(t), 46, 46, 0, shade(body, 0.9))
    for y in range(60, int(h - w / 2), 90):
        for x in (-w / 2 + 40, w / 2 - 40):
            sc.fellipse(x, y, 46, 46, 0, shade(body, 0.9))
    sc.fpoly([(-w / 2 + 20, 20), (w / 2 - 20, 20), (w / 2 - 20, h - w / 2)] + [((w / 2 - 20) * math.cos(math.pi * k / 30), h - w / 2 + (w / 2 - 20) * math.sin(math.pi * k / 30)) for k in range(31)] + [(-w / 2 + 20, h - w / 2)], 0, body)
    inner_w = w / 2 - 110
    sc.fpoly([(-inner_w, 110), (inner_w, 110), (inner_w, h - w / 2)] + [(inner_w * math.cos(math.pi * k / 30), h - w / 2 + inner_w * math.sin(math.pi * k / 30)) for k in range(31)] + [(-inner_w, h - w / 2)], 0, MIRROR)
    for y in range(150, int(h - w / 2), 120):
        for x in (-w / 2 + 65, w / 2 - 65):
            sc.fellipse(x, y, 18, 26, 0, shade(body, 1.15))
    sc.fline([(-inner_w * 0.5, h * 0.55), (inner_w * 0.2, h * 0.78)], 0, (232, 240, 244), 30)


def draw_curtain(sc, c, w, d, h, sheer=False, short=False):
    body = c["body"]
    rod = (70, 70, 74) if c["col"] != "black" else BRASS
    top = h
    sc.fline([(-w / 2 - 120, top), (w / 2 + 120, top)], 0, rod, 28)
    for x in (-w / 2 - 130, w / 2 + 130):
        sc.fellipse(x, top, 36, 36, 0, rod)
    panels = [(-w / 2, -w / 2 + w * 0.48), (w / 2 - w * 0.48, w / 2)]
    fold = 5
    base = body if not sheer else (246, 246, 246)
    for x0, x1 in panels:
        pw = x1 - x0
        hem = [(x0 + pw * i / 60.0, 22 + 22 * math.cos(2 * math.pi * fold * i / 60.0)) for i in range(61)]
        poly = [(x0, top - 20), (x1, top - 20)] + hem[::-1]
        layer = Image.new("RGBA", (CW, CH_), (0, 0, 0, 0))
        ld = ImageDraw.Draw(layer)
        alpha = 200 if sheer else 255
        ld.polygon([sc.P(x, y, 0) for x, y in poly], fill=tuple(base) + (alpha,))
        # each fold: a shadowed valley between two lit ridges
        for k in range(fold):
            fx = x0 + pw * (k + 0.5) / fold
            half = pw / fold
            for off, width, col in ((0.0, 0.36, shade(base, 0.86)), (0.0, 0.16, shade(base, 0.8)),
                                    (-0.5, 0.16, shade(base, 1.06)), (0.5, 0.16, shade(base, 1.06))):
                cx = fx + off * half
                xl, xr = max(x0, cx - width * half / 2), min(x1, cx + width * half / 2)
                if xr <= xl:
                    continue
                yb = 22 + 22 * math.cos(2 * math.pi * fold * ((cx - x0) / pw))
                ld.polygon([sc.P(xl, top - 25, 0), sc.P(xr, top - 25, 0), sc.P(xr, yb, 0), sc.P(xl, yb, 0)],
                           fill=tuple(col) + (alpha,))
        sc.img.alpha_composite(layer)
        if not short:
            for k in range(fold + 1):
                sc.fellipse(x0 + pw * k / fold, top - 60, 22, 22, 0, rod)


def draw_sheer(sc, c, w, d, h):
    draw_curtain(sc, c, w, d, h, sheer=True)


def draw_cafecurtain(sc, c, w, d, h):
    body = c["body"]
    draw_curtain(sc, c, w, d, h, short=True)
    # a gingham check on the short kitchen curtain
    pts = [sc.P(-w / 2, h - 30, 0), sc.P(w / 2, h - 30, 0), sc.P(w / 2, 20, 0), sc.P(-w / 2, 20, 0)]
    sc.texture(pts, "check", mix(body, WHITE, 0.5), step=max(8, int(sc.s * 70)), width=max(3, int(sc.s * 35)))


def draw_blind(sc, c, w, d, h):
    body = c["body"]
    roll_y = h
    drop = h * 0.78
    sc.frect(-w / 2, w / 2, roll_y - drop, roll_y - 40, 0, body)
    pts = [sc.P(-w / 2, roll_y - 40, 0), sc.P(w / 2, roll_y - 40, 0), sc.P(w / 2, roll_y - drop, 0), sc.P(-w / 2, roll_y - drop, 0)]
    sc.texture(pts, "hlines", shade(body, 0.78), step=max(5, int(sc.s * 28)), width=2)
    for x in (-w / 2 + 150, w / 2 - 150):
        sc.fline([(x, roll_y - 40), (x, roll_y - drop)], 0, (120, 96, 70), 12)
    sc.frect(-w / 2 - 20, w / 2 + 20, roll_y - drop - 60, roll_y - drop, 0, shade(body, 0.9), 30)
    sc.frect(-w / 2 - 30, w / 2 + 30, roll_y - 60, roll_y + 30, 0, shade(body, 0.85), 40)
    sc.fline([(w / 2 - 60, roll_y - 40), (w / 2 - 60, roll_y - drop - 250)], 0, (150, 130, 100), 8)

# --------------------------------------------------------------------------------------
# Rendering: which drawing each shape uses, how it is framed, and the three pictures
# --------------------------------------------------------------------------------------

# shape -> (draw function, mode, drawing dimensions from (w, d, h), bounding box)
# mode: floor (stands on the floor), wall (hangs on a wall), hang (from the ceiling), flat.
def _same(w, d, h):
    return w, d, h


def _long(w, d, h):
    return max(w, d), min(w, d), h


SHAPES = {
    "sofa": (lambda sc, c, w, d, h, p: draw_sofa(sc, c, w, d, h, seats=KINDS[p["kind"]].get("seats", 3)), "floor", _same),
    "corner": (lambda sc, c, w, d, h, p: draw_corner(sc, c, w, d, h), "floor", _same),
    "sofabed": (lambda sc, c, w, d, h, p: draw_sofa(sc, c, w, d, h, seats=1 if p["kind"] == "kidsofa" else 2,
                                                    kids=p["kind"] == "kidsofa", bed=True), "floor", _same),
    "armchair": (lambda sc, c, w, d, h, p: draw_armchair(sc, c, w, d, h), "floor", _same),
    "wingback": (lambda sc, c, w, d, h, p: draw_wingback(sc, c, w, d, h), "floor", _same),
    "bed": (lambda sc, c, w, d, h, p: draw_bed(sc, c, w, d, h), "floor", _same),
    "kidbed": (lambda sc, c, w, d, h, p: draw_kidbed(sc, c, w, d, h), "floor", _same),
    "steelbed": (lambda sc, c, w, d, h, p: draw_steelbed(sc, c, w, d, h), "floor", _same),
    "daybed": (lambda sc, c, w, d, h, p: draw_daybed(sc, c, w, d, h), "floor", _long),
    "bunk": (lambda sc, c, w, d, h, p: draw_bunk(sc, c, w, d, h), "floor", _long),
    "loftbed": (lambda sc, c, w, d, h, p: draw_loftbed(sc, c, w, d, h), "floor", _long),
    "mattress": (lambda sc, c, w, d, h, p: draw_mattress(sc, c, w, d, h), "floor", _same),
    "dining": (lambda sc, c, w, d, h, p: draw_dining(sc, c, w, d, h), "floor", _same),
    "rounddining": (lambda sc, c, w, d, h, p: draw_rounddining(sc, c, w, d, h), "floor", _same),
    "bistro": (lambda sc, c, w, d, h, p: draw_bistro(sc, c, w, d, h), "floor", _same),
    "coffee": (lambda sc, c, w, d, h, p: draw_coffee(sc, c, w, d, h), "floor", _same),
    "roundcoffee": (lambda sc, c, w, d, h, p: draw_roundcoffee(sc, c, w, d, h), "floor", _same),
    "side": (lambda sc, c, w, d, h, p: draw_side(sc, c, w, d, h), "floor", _same),
    "roundside": (lambda sc, c, w, d, h, p: draw_roundside(sc, c, w, d, h), "floor", _same),
    "bedside": (lambda sc, c, w, d, h, p: draw_bedside(sc, c, w, d, h), "floor", _same),
    "dressing": (lambda sc, c, w, d, h, p: draw_dressing(sc, c, w, d, h), "floor", _same),
    "chair": (lambda sc, c, w, d, h, p: draw_chair(sc, c, w, d, h), "floor", _same),
    "barstool": (lambda sc, c, w, d, h, p: draw_barstool(sc, c, w, d, h), "floor", _same),
    "stool": (lambda sc, c, w, d, h, p: draw_stool(sc, c, w, d, h), "floor", _same),
    "bench": (lambda sc, c, w, d, h, p: draw_bench(sc, c, w, d, h), "floor", _same),
    "pouf": (lambda sc, c, w, d, h, p: draw_pouf(sc, c, w, d, h), "floor", _same),
    "kidstool": (lambda sc, c, w, d, h, p: draw_kidstool(sc, c, w, d, h), "floor", _same),
    "hallbench": (lambda sc, c, w, d, h, p: draw_hallbench(sc, c, w, d, h), "floor", _same),
    "wardrobe": (lambda sc, c, w, d, h, p: draw_wardrobe(sc, c, w, d, h, n=p.get("n", 2),
                                                         mirror="mirror" in p["kind"],
                                                         sliding=KINDS[p["kind"]].get("sliding", False),
                                                         kids=KINDS[p["kind"]].get("kids", False)), "floor", _same),
    "drawers": (lambda sc, c, w, d, h, p: draw_drawers(sc, c, w, d, h, n=p.get("n", 4)), "floor", _same),
    "bookcase": (lambda sc, c, w, d, h, p: draw_bookcase(sc, c, w, d, h), "floor", _same),
    "ladder": (lambda sc, c, w, d, h, p: draw_ladder(sc, c, w, d, h), "floor", _same),
    "rack": (lambda sc, c, w, d, h, p: draw_rack(sc, c, w, d, h), "floor", _same),
    "bathcab": (lambda sc, c, w, d, h, p: draw_bathcab(sc, c, w, d, h), "floor", _same),
    "toyshelf": (lambda sc, c, w, d, h, p: draw_toyshelf(sc, c, w, d, h), "floor", _same),
    "trolley": (lambda sc, c, w, d, h, p: draw_trolley(sc, c, w, d, h), "floor", _same),
    "tvstand": (lambda sc, c, w, d, h, p: draw_tvstand(sc, c, w, d, h), "floor", _same),
    "sideboard": (lambda sc, c, w, d, h, p: draw_sideboard(sc, c, w, d, h), "floor", _same),
    "shoecab": (lambda sc, c, w, d, h, p: draw_shoecab(sc, c, w, d, h), "floor", _same),
    "shoerack": (lambda sc, c, w, d, h, p: draw_shoerack(sc, c, w, d, h), "floor", _same),
    "desk": (lambda sc, c, w, d, h, p: draw_writingdesk(sc, c, w, d, h) if p["kind"] == "writingdesk" else draw_desk(sc, c, w, d, h), "floor", _same),
    "cornerdesk": (lambda sc, c, w, d, h, p: draw_cornerdesk(sc, c, w, d, h), "floor", _same),
    "kiddesk": (lambda sc, c, w, d, h, p: draw_kiddesk(sc, c, w, d, h), "floor", _same),
    "laptopdesk": (lambda sc, c, w, d, h, p: draw_laptopdesk(sc, c, w, d, h), "floor", _same),
    "standing": (lambda sc, c, w, d, h, p: draw_standing(sc, c, w, d, h), "floor", _same),
    "officechair": (lambda sc, c, w, d, h, p: draw_officechair(sc, c, w, d, h, headrest=KINDS[p["kind"]].get("headrest", False),
                                                               tall=KINDS[p["kind"]].get("tall", False),
                                                               kids=KINDS[p["kind"]].get("kids", False),
                                                               tub=KINDS[p["kind"]].get("tub", False)), "floor", _same),
    "filing": (lambda sc, c, w, d, h, p: draw_filing(sc, c, w, d, h, n=p.get("n", 3)), "floor", _same),
    "pedestal": (lambda sc, c, w, d, h, p: draw_pedestal(sc, c, w, d, h), "floor", _same),
    "gardenset": (lambda sc, c, w, d, h, p: draw_gardenset(sc, c, w, d, h, n=p.get("n", 4)), "floor", _same),
    "bistroset": (lambda sc, c, w, d, h, p: draw_bistroset(sc, c, w, d, h), "floor", _same),
    "lounger": (lambda sc, c, w, d, h, p: draw_lounger(sc, c, w, d, h), "floor", _same),
    "foldlounger": (lambda sc, c, w, d, h, p: draw_foldlounger(sc, c, w, d, h), "floor", _same),
    "hammock": (lambda sc, c, w, d, h, p: draw_hammock(sc, c, w, d, h), "floor", _same),
    "hammockstand": (lambda sc, c, w, d, h, p: draw_hammockstand(sc, c, w, d, h), "floor", _same),
    "eggchair": (lambda sc, c, w, d, h, p: draw_eggchair(sc, c, w, d, h), "floor", _same),
    "swingbench": (lambda sc, c, w, d, h, p: draw_swingbench(sc, c, w, d, h), "floor", _same),
    "kidswing": (lambda sc, c, w, d, h, p: draw_kidswing(sc, c, w, d, h), "floor", lambda w, d, h: (w, d, min(h, 1300))),
    "floorlamp": (lambda sc, c, w, d, h, p: draw_floorlamp(sc, c, w, d, h), "floor", _same),
    "tablelamp": (lambda sc, c, w, d, h, p: draw_tablelamp(sc, c, w, d, h), "floor", _same),
    "pendant": (lambda sc, c, w, d, h, p: draw_pendant(sc, c, w, d, h), "hang", lambda w, d, h: (w, d, max(h, w * 2.0))),
    "nightlamp": (lambda sc, c, w, d, h, p: draw_nightlamp(sc, c, w, d, h), "floor", _same),
    "rug": (lambda sc, c, w, d, h, p: draw_rug(sc, c, w, d, h, pattern=KINDS[p["kind"]].get("pattern", "border")), "flat", _same),
    "roundrug": (lambda sc, c, w, d, h, p: draw_roundrug(sc, c, w, d, h), "flat", _same),
    "bathmat": (lambda sc, c, w, d, h, p: draw_bathmat(sc, c, w, d, h), "flat", lambda w, d, h: (d, w, h)),
    "throw": (lambda sc, c, w, d, h, p: draw_throw(sc, c, w, d, h), "floor", lambda w, d, h: (520, 360, 300)),
    "cushion": (lambda sc, c, w, d, h, p: draw_cushion(sc, c, w, d, h), "floor", _same),
    "trianglecushion": (lambda sc, c, w, d, h, p: draw_trianglecushion(sc, c, w, d, h), "floor", _same),
    "cloudcushion": (lambda sc, c, w, d, h, p: draw_cloudcushion(sc, c, w, d, h), "floor", _same),
    "mirror": (lambda sc, c, w, d, h, p: draw_mirror(sc, c, w, d, h), "wall", _same),
    "floormirror": (lambda sc, c, w, d, h, p: draw_floormirror(sc, c, w, d, h), "wall", _same),
    "bathmirror": (lambda sc, c, w, d, h, p: draw_bathmirror(sc, c, w, d, h), "wall", _same),
    "carvedmirror": (lambda sc, c, w, d, h, p: draw_carvedmirror(sc, c, w, d, h), "wall", _same),
    "curtain": (lambda sc, c, w, d, h, p: (draw_sheer if KINDS[p["kind"]].get("sheer") else
                                           draw_cafecurtain if KINDS[p["kind"]].get("short") else draw_curtain)(sc, c, w, d, h), "wall", _same),
    "blind": (lambda sc, c, w, d, h, p: draw_blind(sc, c, w, d, h), "wall", _same),
}


ROUND_SHAPES = {"rounddining", "bistro", "roundcoffee", "roundside", "pouf", "barstool", "officechair", "floorlamp",
                "tablelamp", "eggchair", "nightlamp"}


def bounding_box(shape, w, d, h):
    """(x0, x1, y0, y1, z0, z1) in mm of what the drawing covers."""
    if shape in ("gardenset", "bistroset"):
        return (-w / 2 - 300, w / 2 + 300, 0, 900, -600, d + 500)
    if shape in ("rug", "roundrug", "bathmat"):
        return (-w / 2, w / 2, -30, d * 0.5, 0, 0)
    if shape == "hammock":
        return (-w / 2, w / 2, 0, h + 300, 0, d)
    if shape in ("curtain",):
        return (-w / 2 - 170, w / 2 + 170, 0, h + 40, 0, d)
    if shape == "kidswing":
        return (-w * 0.6, w * 0.6, 0, h + 60, 0, d)
    if shape == "trolley":
        return (-w / 2, w / 2 + 100, 0, h, 0, d)
    if shape in ("cushion", "cloudcushion"):
        return (-w / 2, w / 2 + 20, -20, h, 0, 0)
    if shape == "throw":
        return (-w / 2, w / 2, -40, h, 0, d)
    if shape == "tvstand":
        return (-w / 2, w / 2, 0, h + 360, 0, d)
    if shape in ("desk", "kiddesk", "laptopdesk"):
        return (-w / 2, w / 2, 0, h + 320, 0, d)
    if shape == "standing":
        return (-w / 2, w / 2, 0, h + 420, 0, d)
    if shape == "cornerdesk":
        return (-w / 2, w / 2, 0, h + 400, 0, d)
    if shape == "sideboard":
        return (-w / 2, w / 2, 0, h + 300, 0, d)
    if shape == "kidbed":
        return (-w / 2, w / 2, 0, h + 120, 0, d)
    if shape in ("bunk", "loftbed"):
        return (-w / 2, w / 2, 0, h, -80, d)
    return (-w / 2, w / 2, 0, h, 0, d)


def projected_extent(box):
    x0, x1, y0, y1, z0, z1 = box
    xs, ys = [], []
    for x in (x0, x1):
        for y in (y0, y1):
            for z in (z0, z1):
                xs.append(x + z * KX)
                ys.append(y + z * KY)
    return min(xs), max(xs), min(ys), max(ys)


TINTS = [(234, 239, 243), (244, 238, 229), (235, 242, 235), (243, 235, 236), (237, 236, 245), (245, 242, 231),
         (233, 240, 240), (241, 238, 234)]

ROOM_STYLE = {
    "living": {"wall": (236, 226, 210), "floor": (196, 158, 116), "boards": True},
    "bedroom": {"wall": (220, 228, 238), "floor": (212, 184, 148), "boards": True},
    "dining": {"wall": (222, 230, 214), "floor": (188, 148, 108), "boards": True},
    "kitchen": {"wall": (242, 242, 238), "floor": (200, 200, 198), "tiles": True},
    "office": {"wall": (230, 232, 232), "floor": (184, 168, 148), "boards": True},
    "kids": {"wall": (246, 234, 208), "floor": (214, 188, 150), "boards": True, "dots": True},
    "bathroom": {"wall": (226, 236, 238), "floor": (188, 196, 198), "tiles": True, "wall_tiles": True},
    "outdoor": {"wall": (204, 226, 240), "floor": (150, 178, 108), "outdoor": True},
}


def gradient(top, bottom, size=(CW, CH_), start=0.0, end=1.0):
    """A vertical gradient image; start/end are the fractions of the height where it runs."""
    w, hgt = size
    col = Image.new("RGB", (1, hgt))
    px = col.load()
    for y in range(hgt):
        t = (y / float(max(1, hgt - 1)) - start) / max(1e-6, end - start)
        t = max(0.0, min(1.0, t))
        px[0, y] = mix(top, bottom, t)
    return col.resize(size)


def studio_background(tint):
    top = shade(tint, 1.35)
    bottom = shade(tint, 0.95)
    return gradient(top, bottom, start=0.1, end=0.95).convert("RGBA")


def room_background(style, horizon, seed):
    img = Image.new("RGBA", (CW, CH_), style["wall"] + (255,))
    d = ImageDraw.Draw(img)
    wall, floor = style["wall"], style["floor"]
    if style.get("outdoor"):
        img.paste(gradient(shade(wall, 0.92), shade(wall, 1.4), size=(CW, horizon)), (0, 0))
        # a hedge and a low garden wall behind
        hedge = (112, 150, 98)
        for k in range(0, CW + 200, 160):
            r = 110 + (k * 37 % 50)
            d.ellipse([k - r, horizon - 170 - r * 0.5, k + r, horizon - 170 + r * 0.8], fill=shade(hedge, 0.9 + (k // 160 % 3) * 0.05))
        d.rectangle([0, horizon - 170, CW, horizon], fill=hedge)
        d.rectangle([0, horizon, CW, CH_], fill=floor)
        for i in range(1, 12):
            y = horizon + int((i / 11.0) ** 1.7 * (CH_ - horizon))
            d.line([(0, y), (CW, y)], fill=shade(floor, 0.93), width=3)
        return img
    d.rectangle([0, horizon, CW, CH_], fill=floor)
    if style.get("wall_tiles"):
        for y in range(horizon, -1, -90):
            d.line([(0, y), (CW, y)], fill=shade(wall, 0.93), width=3)
        for x in range(0, CW, 90):
            d.line([(x, 0), (x, horizon)], fill=shade(wall, 0.93), width=3)
    if style.get("tiles") and not style.get("wall_tiles"):
        for y in range(horizon - 40, horizon - 460, -70):
            d.line([(0, y), (CW, y)], fill=shade(wall, 0.95), width=2)
        for row, y in enumerate(range(horizon - 460, horizon - 40, 70)):
            for x in range(-(row % 2) * 70, CW, 140):
                d.line([(x, y), (x, y + 70)], fill=shade(wall, 0.95), width=2)
    if style.get("dots"):
        for y in range(40, horizon - 40, 120):
            for x in range(40 + (y // 120 % 2) * 60, CW, 120):
                d.ellipse([x - 8, y - 8, x + 8, y + 8], fill=shade(wall, 0.93))
    if style.get("boards"):
        for i in range(1, 14):
            y = horizon + int((i / 13.0) ** 1.6 * (CH_ - horizon))
            d.line([(0, y), (CW, y)], fill=shade(floor, 0.9), width=3)
        for k in range(-12, 24):
            x_top = CW / 2 + k * 160
            x_bot = CW / 2 + k * 160 * 2.2
            d.line([(x_top, horizon), (x_bot, CH_)], fill=shade(floor, 0.94), width=2)
    elif style.get("tiles"):
        for i in range(1, 8):
            y = horizon + int((i / 7.0) ** 1.5 * (CH_ - horizon))
            d.line([(0, y), (CW, y)], fill=shade(floor, 0.9), width=3)
        for k in range(-10, 20):
            d.line([(CW / 2 + k * 150, horizon), (CW / 2 + k * 150 * 2.4, CH_)], fill=shade(floor, 0.9), width=3)
    # skirting board
    d.rectangle([0, horizon - 24, CW, horizon], fill=shade(wall, 1.4))
    d.line([(0, horizon - 24), (CW, horizon - 24)], fill=shade(wall, 0.9), width=2)
    return img


def room_props(img, style, horizon, obj_box, seed, wall_item):
    """A potted plant on the floor and a framed picture on the wall, where there is room."""
    d = ImageDraw.Draw(img)
    ox0, oy0, ox1, oy1 = obj_box
    left_room = ox0 > 400
    right_room = CW - ox1 > 400
    side = "left" if (left_room and (seed % 2 == 0 or not right_room)) else ("right" if right_room else None)
    if side and not style.get("outdoor"):
        cx = 210 if side == "left" else CW - 210
        base = min(CH_ - 40, horizon + 140)
        pot = (226, 220, 208) if seed % 3 else (196, 120, 90)
        leaf = (88, 134, 92)
        for k, (dx, dy, rx, ry) in enumerate([(-60, 300, 60, 150), (60, 320, 55, 150), (0, 400, 60, 170),
                                              (-100, 230, 80, 60), (100, 240, 80, 60), (30, 250, 60, 120)]):
            d.ellipse([cx + dx - rx, base - dy - ry, cx + dx + rx, base - dy + ry], fill=shade(leaf, 0.9 + 0.08 * (k % 3)))
        d.polygon([(cx - 90, base - 200), (cx + 90, base - 200), (cx + 70, base), (cx - 70, base)], fill=pot)
        d.rectangle([cx - 96, base - 214, cx + 96, base - 196], fill=shade(pot, 0.9))
        sh = Image.new("RGBA", img.size, (0, 0, 0, 0))
        ImageDraw.Draw(sh).ellipse([cx - 110, base - 16, cx + 110, base + 16], fill=(0, 0, 0, 50))
        img.alpha_composite(sh.filter(ImageFilter.GaussianBlur(10)))
    if wall_item or style.get("outdoor"):
        return
    # the picture goes on the side opposite the plant when there is space above the object
    fw, fh = 300, 220
    candidates = [(CW / 2 - fw / 2, 90)] if oy0 > 90 + fh + 60 else []
    if side == "left" and CW - ox1 > fw + 80:
        candidates.insert(0, (CW - fw - 110, 110))
    if side != "left" and ox0 > fw + 80:
        candidates.insert(0, (110, 110))
    if not candidates:
        return
    fx, fy = candidates[0]
    if fy + fh > horizon - 60:
        return
    d.rectangle([fx + 10, fy + 12, fx + fw + 10, fy + fh + 12], fill=shade(style["wall"], 0.88))
    d.rectangle([fx, fy, fx + fw, fy + fh], fill=(60, 54, 50))
    d.rectangle([fx + 14, fy + 14, fx + fw - 14, fy + fh - 14], fill=(246, 244, 238))
    ax0, ay0, ax1, ay1 = fx + 40, fy + 40, fx + fw - 40, fy + fh - 40
    sky = [(230, 206, 170), (196, 214, 222), (226, 196, 190)][seed % 3]
    d.rectangle([ax0, ay0, ax1, ay1], fill=sky)
    sun = (222, 120, 80) if seed % 2 else (236, 186, 80)
    d.ellipse([ax0 + 60, ay0 + 25, ax0 + 120, ay0 + 85], fill=sun)
    d.polygon([(ax0, ay1), (ax0 + 90, ay0 + 70), (ax0 + 170, ay1)], fill=(104, 134, 110))
    d.polygon([(ax0 + 80, ay1), (ax0 + 170, ay0 + 95), (ax1, ay1)], fill=(70, 100, 90))


def render_object(p, frame, mirror=False):
    """Draws the product on a transparent layer. frame = (target width, target height, centre x, centre y) in px (1x)."""
    kind = KINDS[p["kind"]]
    fn, mode, dims = SHAPES[kind["shape"]]
    w, d, h = dims(*p["dims"])
    box = bounding_box(kind["shape"], w, d, h)
    ex0, ex1, ey0, ey1 = projected_extent(box)
    tw, th, cx, cy = frame
    s = min(tw * SS / (ex1 - ex0), th * SS / (ey1 - ey0))
    ox = cx * SS - s * (ex0 + ex1) / 2.0
    oy = cy * SS + s * (ey0 + ey1) / 2.0
    sc = Scene(s, ox, oy)
    c = palette(p)
    c["line"] = p["line"]
    fn(sc, c, w, d, h, p)
    layer = sc.img
    shadow = Image.new("RGBA", (CW, CH_), (0, 0, 0, 0))
    sd = ImageDraw.Draw(shadow)
    if mode == "floor":
        x0, x1, _, _, z0, z1 = box
        if kind["shape"] in ("gardenset", "bistroset"):
            z0, z1 = -450, d + 450
        pad = 60
        if kind["shape"] in ROUND_SHAPES:
            r = max(w, d) / 2.0
            pts = sc.disk_pts((x0 + x1) / 2.0, d / 2.0, r * 0.95, 0)
            pts2 = sc.disk_pts((x0 + x1) / 2.0, d / 2.0, r * 0.7, 0)
        else:
            pts = [sc.P(x0 - pad, 0, z0), sc.P(x1 + pad, 0, z0), sc.P(x1 + pad, 0, z1 + pad), sc.P(x0 - pad, 0, z1 + pad)]
            pts2 = [sc.P(x0 + 20, 0, z0 + 20), sc.P(x1 - 10, 0, z0 + 20), sc.P(x1 - 10, 0, z1 - 10), sc.P(x0 + 20, 0, z1 - 10)]
        sd.polygon(pts, fill=(0, 0, 0, 46))
        shadow = shadow.filter(ImageFilter.GaussianBlur(16 * SS))
        contact = Image.new("RGBA", (CW, CH_), (0, 0, 0, 0))
        ImageDraw.Draw(contact).polygon(pts2, fill=(0, 0, 0, 30))
        shadow.alpha_composite(contact.filter(ImageFilter.GaussianBlur(6 * SS)))
    else:
        alpha = layer.getchannel("A").point(lambda v: int(v * (0.28 if mode != "flat" else 0.22)))
        off = (9 * SS, 11 * SS) if mode != "flat" else (4 * SS, 6 * SS)
        blob = Image.new("RGBA", (CW, CH_), (0, 0, 0, 0))
        blob.putalpha(ImageChops.offset(alpha, *off))
        shadow = blob.filter(ImageFilter.GaussianBlur(8 * SS))
    if mirror:
        layer = ImageOps.mirror(layer)
        shadow = ImageOps.mirror(shadow)
    return layer, shadow, mode, sc


def render_image(p, n):
    code = p["code"]
    kind = KINDS[p["kind"]]
    shape = kind["shape"]
    _, mode, dims = SHAPES[shape]
    w, d, hh = dims(*p["dims"])
    small = max(w, hh) < 700 and mode != "flat"
    if n == 1:
        tint = TINTS[h(code + "/tint", len(TINTS))]
        if p["colour"] == "white":
            tint = shade(tint, 0.95)
        bg = studio_background(tint)
        layer, shadow, mode, _ = render_object(p, (610, 410, 400, 312 if mode == "floor" else 300))
    elif n == 2:
        tint = TINTS[(h(code + "/tint", len(TINTS)) + 3) % len(TINTS)]
        if p["colour"] == "white":
            tint = shade(tint, 0.94)
        bg = studio_background(tint)
        layer, shadow, mode, _ = render_object(p, (650, 440, 400, 305), mirror=True)
    elif small:
        tint = TINTS[(h(code + "/tint", len(TINTS)) + 5) % len(TINTS)]
        bg = studio_background(shade(tint, 0.97))
        layer, shadow, mode, _ = render_object(p, (660, 450, 400, 300))
    else:
        room = p["rooms"][0]
        style = ROOM_STYLE[room]
        seed = h(code + "/room", 1000)
        if mode == "wall":
            layer, shadow, _, sc = render_object(p, (400, 330, 400, 255))
            horizon = int(CH_ * 0.86)
        elif mode == "flat":
            layer, shadow, _, sc = render_object(p, (560, 300, 400, 420))
            horizon = int(CH_ * 0.36)
        else:
            layer, shadow, _, sc = render_object(p, (520, 350, 400, 350))
            x0, x1, y0, y1, z0, z1 = bounding_box(shape, w, d, hh)
            back = sc.P(0, 0, z1)[1]
            horizon = int(max(CH_ * 0.42, min(CH_ * 0.8, back - 30 * SS)))
        bg = room_background(style, horizon, seed)
        room_props(bg, style, horizon, layer.getbbox() or (0, 0, CW, CH_), seed, mode == "wall")
    bg.alpha_composite(shadow)
    bg.alpha_composite(layer)
    return bg


MAX_IMAGE_BYTES = 25 * 1024


def save_small(img, path):
    """Saves a palette PNG; a picture above 25 KB is saved again with fewer colours."""
    rgb = img.convert("RGB").resize((800, 600), Image.LANCZOS)
    for colours in (128, 96, 64, 48, 32):
        pal = rgb.quantize(colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        pal.save(path, format="PNG", optimize=True)
        if os.path.getsize(path) <= MAX_IMAGE_BYTES:
            break


def write_images(products, only=None, missing=False):
    """Draws the pictures of the products (of those in `only`; with `missing`, only pictures
    not on disk yet) and returns the bytes written."""
    os.makedirs(IMAGE_DIR, exist_ok=True)
    by_code = {p["code"]: p for p in PRODUCTS}
    wanted = set()
    total = 0
    for prod in products:
        code = prod["code"]
        for url in prod["images"]:
            name = url.rsplit("/", 1)[1]
            wanted.add(name)
            if only and code not in only:
                continue
            path = os.path.join(IMAGE_DIR, name)
            if missing and os.path.exists(path):
                continue
            if name in LOOK_IMAGES:
                look, style = LOOK_IMAGES[name]
                img = render_image(look, style)
            else:
                img = render_image(by_code[code], int(name[len(code) + 1:-len(".png")]))
            save_small(img, path)
            total += os.path.getsize(path)
    if not only:
        # remove pictures of products or image numbers that no longer exist
        for name in os.listdir(IMAGE_DIR):
            if name.endswith(".png") and name not in wanted:
                os.remove(os.path.join(IMAGE_DIR, name))
    return total


def write_labels():
    """Sets the label groups system.material and system.colour in assets/seed/labels.json,
    leaving every other group as it is."""
    path = os.path.join(ROOT, "assets", "seed", "labels.json")
    with open(path, encoding="utf-8") as f:
        labels = json.load(f)
    labels["system"]["material"] = {k: dict(v) for k, v in MATERIAL_LABEL.items()}
    labels["system"]["colour"] = {k: dict(v) for k, v in COLOUR_LABEL.items()}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(labels, f, ensure_ascii=False, indent=2)
        f.write("\n")
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json-only", action="store_true", help="write products.json only")
    ap.add_argument("--only", help="comma-separated product codes whose images to redraw")
    ap.add_argument("--missing", action="store_true", help="draw only the pictures not on disk yet")
    ap.add_argument("--labels", action="store_true",
                    help="also write the material and colour label groups into assets/seed/labels.json")
    args = ap.parse_args()
    if args.labels:
        print("wrote %s" % os.path.relpath(write_labels(), ROOT))
    products = build_products()
    path = write_json(products)
    print("wrote %s (%d products)" % (os.path.relpath(path, ROOT), len(products)))
    if args.json_only:
        return
    only = set(args.only.split(",")) if args.only else None
    total = write_images(products, only, args.missing)
    count = sum(len(p["images"]) for p in products if not only or p["code"] in only)
    if args.missing:
        count = "missing"
    else:
        count = str(count)
    print("wrote %s images, %.1f KB" % (count, total / 1024.0))


if __name__ == "__main__":
    main()
