import { describe, expect, it } from 'vitest'
import {
  filterResources,
  normaliseJob,
  normaliseResource,
  resourceCategory,
  safeUrl,
  serverList,
  textList,
} from '../../../functions/core/listing'

const defaults = { author: 'Example Energy Team' }
const resource = (item: unknown, position = 0) => normaliseResource(item, position, defaults)

describe('normaliseResource (resource as shown in the listing)', () => {
  it('keeps the id when there is one and falls back to position + 1 when not', () => {
    expect(resource({ id: 'abc' }, 4).id).toBe('abc')
    expect(resource({ id: 17 }, 4).id).toBe('17')
    expect(resource({}, 4).id).toBe('5')
    expect(resource({ id: '  ' }, 0).id).toBe('1')
  })

  it("titles an item without a title 'Untitled'", () => {
    expect(resource({ title: 'Net metering' }).title).toBe('Net metering')
    expect(resource({ title: '' }).title).toBe('Untitled')
    expect(resource({ title: 42 }).title).toBe('42')
    expect(resource({}).title).toBe('Untitled')
  })

  it('takes the excerpt from description, else excerpt', () => {
    expect(resource({ description: 'From description', excerpt: 'From excerpt' }).excerpt).toBe(
      'From description',
    )
    expect(resource({ excerpt: 'From excerpt' }).excerpt).toBe('From excerpt')
    expect(resource({}).excerpt).toBe('')
  })

  it('takes the category from category, else resource_type, default guides; singulars map to their chip', () => {
    expect(resource({ category: 'videos', resource_type: 'pdf' }).category).toBe('videos')
    expect(resource({ resource_type: 'tools' }).category).toBe('tools')
    expect(resource({ resource_type: 'whitepaper' }).category).toBe('whitepapers')
    expect(resource({ category: 'Case-Study' }).category).toBe('case-studies')
    expect(resource({ resource_type: 'pdf' }).category).toBe('pdf')
    expect(resource({}).category).toBe('guides')
  })

  it('takes the type from type, else the capitalised resource_type, else Guide', () => {
    expect(resource({ type: 'Video', resource_type: 'pdf' }).type).toBe('Video')
    expect(resource({ resource_type: 'whitepaper' }).type).toBe('Whitepaper')
    expect(resource({ resource_type: 'case-study' }).type).toBe('Case study')
    expect(resource({}).type).toBe('Guide')
  })

  it('takes readTime from read_time and date from date, else created_at (or the stored createdAt)', () => {
    expect(resource({ read_time: '8 min read' }).readTime).toBe('8 min read')
    expect(resource({ date: '2024-03-01', created_at: '2023-01-01' }).date).toBe('2024-03-01')
    expect(resource({ created_at: '2023-01-01' }).date).toBe('2023-01-01')
    expect(resource({ createdAt: '2026-11-01T10:00:00.000Z' }).date).toBe('2026-11-01T10:00:00.000Z')
    expect(resource({}).date).toBe('')
  })

  it('uses a team-style author when none is given', () => {
    expect(resource({ author: 'Priya Sharma' }).author).toBe('Priya Sharma')
    expect(resource({ author: '' }).author).toBe('Example Energy Team')
  })

  it('reads tags from an array or from comma-separated text', () => {
    expect(resource({ tags: ['solar', ' rooftop ', '', 7] }).tags).toEqual(['solar', 'rooftop', '7'])
    expect(resource({ tags: 'solar, net metering,,subsidy ' }).tags).toEqual([
      'solar',
      'net metering',
      'subsidy',
    ])
    expect(resource({ tags: { a: 1 } }).tags).toEqual([])
    expect(resource({}).tags).toEqual([])
  })

  it('reads featured as a boolean and views as a number with default 0', () => {
    expect(resource({ featured: true }).featured).toBe(true)
    expect(resource({ featured: 'yes' }).featured).toBe(false)
    expect(resource({}).featured).toBe(false)
    expect(resource({ views: 1234 }).views).toBe(1234)
    expect(resource({ views: '56' }).views).toBe(56)
    expect(resource({ views: -3 }).views).toBe(0)
    expect(resource({ views: 'many' }).views).toBe(0)
    expect(resource({}).views).toBe(0)
  })

  it("gives every server item the 'medium' height", () => {
    expect(resource({ height: 'tall' }).height).toBe('medium')
    expect(resource({}).height).toBe('medium')
  })

  it('keeps only file and image links the site may render', () => {
    expect(resource({ file_url: '/files/resources/1-guide.pdf' }).fileUrl).toBe(
      '/files/resources/1-guide.pdf',
    )
    expect(resource({ file_url: 'https://example.com/a.pdf' }).fileUrl).toBe('https://example.com/a.pdf')
    expect(resource({ file_url: 'javascript:alert(1)' }).fileUrl).toBe('')
    expect(resource({ file_url: '//evil.example/a.pdf' }).fileUrl).toBe('')
    expect(resource({ image: 'data:image/png;base64,AAAA' }).image).toBe('')
    expect(safeUrl('/images/solar.svg')).toBe('/images/solar.svg')
  })

  it.each([
    '/\\evil.com',
    '/\\evil.com/a.pdf',
    '\\\\evil.com',
    '\\/evil.com',
    '/%5Cevil.com',
    '/%5cevil.com',
    '/files/%5C..%5Cx',
    '//evil.com',
    '/%2F/evil.com',
    '/%2fevil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r/evil.com',
    '/files/a\tb.pdf',
    'https://evil.com\\@good.example',
    'https:/\\evil.com',
    'https:///evil.com',
    'http:evil.com',
    'evil.com',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
  ])('refuses %j, which could lead off the site', (link) => {
    expect(safeUrl(link)).toBe('')
    expect(resource({ file_url: link }).fileUrl).toBe('')
  })

  it('keeps paths of our own and http(s) addresses as they are', () => {
    for (const link of [
      '/files/resources/1767225600000-guide.pdf',
      '/resources?category=guides',
      '/a%20b.pdf',
      'https://example.com/a.pdf',
      'HTTP://example.com',
      'https://example.com:8443/x?y=1#z',
    ]) {
      expect(safeUrl(link)).toBe(link)
    }
  })

  it('reads an item that is not an object as an empty one', () => {
    expect(resource('text', 2)).toMatchObject({
      id: '3',
      title: 'Untitled',
      category: 'guides',
      type: 'Guide',
    })
    expect(resource(null, 0).tags).toEqual([])
  })
})

describe('normaliseJob (job as shown in the listing)', () => {
  it('fills the defaults: Untitled, General, Remote, Full-time', () => {
    expect(normaliseJob({}, 1)).toEqual({
      id: '2',
      title: 'Untitled',
      department: 'General',
      location: 'Remote',
      type: 'Full-time',
      experience: '',
      salary: '',
      featured: false,
      description: '',
      requirements: [],
      benefits: [],
    })
  })

  it('takes the type from employment_type, else type', () => {
    expect(normaliseJob({ employment_type: 'Contract', type: 'Part-time' }, 0).type).toBe('Contract')
    expect(normaliseJob({ type: 'Part-time' }, 0).type).toBe('Part-time')
  })

  it('keeps the given fields', () => {
    const job = normaliseJob(
      {
        id: 'j1',
        title: 'Solar Design Engineer',
        department: 'Engineering',
        location: 'Hyderabad',
        experience: '3-5 years',
        salary: '₹8-12 LPA',
        featured: true,
        description: 'Design rooftop systems.',
      },
      0,
    )
    expect(job).toMatchObject({
      id: 'j1',
      title: 'Solar Design Engineer',
      department: 'Engineering',
      location: 'Hyderabad',
      experience: '3-5 years',
      salary: '₹8-12 LPA',
      featured: true,
      description: 'Design rooftop systems.',
    })
  })

  it('reads requirements and benefits from an array or from newline-separated text', () => {
    const job = normaliseJob(
      { requirements: 'B.Tech\r\n  PVsyst  \n\nAutoCAD', benefits: ['Health cover', ''] },
      0,
    )
    expect(job.requirements).toEqual(['B.Tech', 'PVsyst', 'AutoCAD'])
    expect(job.benefits).toEqual(['Health cover'])
    expect(normaliseJob({ requirements: 'One line, with a comma' }, 0).requirements).toEqual([
      'One line, with a comma',
    ])
  })
})

describe('textList', () => {
  it('splits text at the separator and drops empty parts', () => {
    expect(textList('a;b;;c', /;/)).toEqual(['a', 'b', 'c'])
    expect(textList(undefined, /,/)).toEqual([])
  })
})

describe('resourceCategory', () => {
  it('maps the chip categories and their singulars, and keeps other text lower-cased', () => {
    expect(resourceCategory('Guides')).toBe('guides')
    expect(resourceCategory('tool')).toBe('tools')
    expect(resourceCategory('Video')).toBe('videos')
    expect(resourceCategory('Report')).toBe('report')
  })
})

describe('serverList (a non-empty array replaces the samples, anything else keeps them)', () => {
  const normalise = (item: unknown, position: number) => normaliseJob(item, position)
  it('normalises a non-empty array', () => {
    expect(serverList([{ title: 'A' }, {}], normalise)?.map((job) => job.title)).toEqual(['A', 'Untitled'])
  })
  it('answers null for an empty array, an object, text or nothing', () => {
    for (const reply of [[], { items: [{ title: 'A' }] }, 'oops', null, undefined, 3]) {
      expect(serverList(reply, normalise)).toBeNull()
    }
  })
  it('answers an empty list for an empty array once the company has published items of its own', () => {
    expect(serverList([], normalise, true)).toEqual([])
    expect(serverList({ items: [] }, normalise, true)).toBeNull()
  })
})

describe('filterResources', () => {
  const list = [
    {
      title: 'Rooftop Solar Guide',
      excerpt: 'Sizing a home system',
      tags: ['residential'],
      category: 'guides',
    },
    {
      title: 'Factory case',
      excerpt: 'A 2 MW plant in Pune',
      tags: ['Industrial', 'ROI'],
      category: 'case-studies',
    },
    { title: 'Battery basics', excerpt: 'How LFP cells age', tags: [], category: 'videos' },
  ]
  const titles = (search: string, category = 'all') =>
    filterResources(list, search, category).map((item) => item.title)

  it('matches the title, the excerpt or any tag, ignoring case', () => {
    expect(titles('ROOFTOP')).toEqual(['Rooftop Solar Guide'])
    expect(titles('pune')).toEqual(['Factory case'])
    expect(titles('roi')).toEqual(['Factory case'])
    expect(titles('industr')).toEqual(['Factory case'])
    expect(titles('nothing like this')).toEqual([])
  })

  it('shows everything for blank search text and category all', () => {
    expect(titles('  ')).toHaveLength(3)
  })

  it('combines the search with the category', () => {
    expect(titles('', 'videos')).toEqual(['Battery basics'])
    expect(titles('a', 'guides')).toEqual(['Rooftop Solar Guide'])
    expect(titles('pune', 'guides')).toEqual([])
  })
})
