// The class codes of medicalWelfare/medicalAnalysis/chart (and so the categories of rate) as the original
// defined them: the code lists a client sent it (K-Oxon/get_resas's masters, copied into
// ../shared/data/masters/koxon_mst_medical_*.csv, which a test compares with these), and for 207 the
// three codes its documentation gives. Code and name only: the sample provider draws counts for them, the
// build reads the classes of whatever sources it is given. Pure data at the bottom layer.

import type { MedicalScheme } from './medical-codes.ts';

interface MedicalClass {
  code: string;
  name: string;
}

/** A broad category; its middle classes (the disease scheme's only) or none, when it is charted as one item. */
export interface MedicalClassDecl extends MedicalClass {
  middles: MedicalClass[];
}

const flat = (list: [code: string, name: string][]): MedicalClassDecl[] =>
  list.map(([code, name]) => ({ code, name, middles: [] }));

/** 診療科 01–39, common to the hospital and clinic list (201, 202) and the doctors' (205). */
const DEPARTMENTS: [string, string][] = [
  ['01', '内科'],
  ['02', '呼吸器内科'],
  ['03', '循環器内科'],
  ['04', '消化器内科（胃腸内科）'],
  ['05', '腎臓内科'],
  ['06', '神経内科'],
  ['07', '糖尿病内科（代謝内科）'],
  ['08', '血液内科'],
  ['09', '皮膚科'],
  ['10', 'アレルギー科'],
  ['11', 'リウマチ科'],
  ['12', '感染症内科'],
  ['13', '小児科'],
  ['14', '精神科'],
  ['15', '心療内科'],
  ['16', '外科'],
  ['17', '呼吸器外科'],
  ['18', '心臓血管外科'],
  ['19', '乳腺外科'],
  ['20', '気管食道外科'],
  ['21', '消化器外科（胃腸外科）'],
  ['22', '泌尿器科'],
  ['23', '肛門外科'],
  ['24', '脳神経外科'],
  ['25', '整形外科'],
  ['26', '形成外科'],
  ['27', '美容外科'],
  ['28', '眼科'],
  ['29', '耳鼻いんこう科'],
  ['30', '小児外科'],
  ['31', '産婦人科'],
  ['32', '産科'],
  ['33', '婦人科'],
  ['34', 'リハビリテーション科'],
  ['35', '放射線科'],
  ['36', '麻酔科'],
  ['37', '病理診断科'],
  ['38', '臨床検査科'],
  ['39', '救急科'],
];

/** 傷病分類 (102, 103): broad 01–20; a broad category the master lists only with its "all" row has no middles. */
const DISEASES: [code: string, name: string, middles: [string, string][]][] = [
  [
    '01',
    '感染症及び寄生虫症',
    [
      ['011', '腸管感染症'],
      ['012', '結核'],
      ['013', '皮膚及び粘膜の病変を伴うウイルス疾患'],
      ['014', '真菌症'],
      ['015', 'その他の感染症及び寄生虫症'],
    ],
  ],
  [
    '02',
    '新生物',
    [
      ['021', '胃の悪性新生物'],
      ['022', '結腸及び直腸の悪性新生物'],
      ['023', '気管，気管支及び肺の悪性新生物'],
      ['024', 'その他の悪性新生物'],
      ['025', '良性新生物及びその他の新生物'],
    ],
  ],
  [
    '03',
    '血液及び造血器の疾患並びに免疫機構の障害',
    [
      ['031', '貧血'],
      ['032', 'その他の血液及び造血器の疾患並びに免疫機構の障害'],
    ],
  ],
  [
    '04',
    '内分泌，栄養及び代謝疾患',
    [
      ['041', '甲状腺障害'],
      ['042', '糖尿病'],
      ['043', '脂質異常症'],
      ['044', 'その他の内分泌，栄養及び代謝疾患'],
    ],
  ],
  [
    '05',
    '精神及び行動の障害',
    [
      ['051', '統合失調症，統合失調症型障害及び妄想性障害'],
      ['052', '気分［感情］障害（躁うつ病を含む）'],
      ['053', '神経症性障害，ストレス関連障害及び身体表現性障害'],
      ['054', 'その他の精神及び行動の障害'],
    ],
  ],
  ['06', '神経系の疾患', []],
  [
    '07',
    '眼及び付属器の疾患',
    [
      ['071', '白内障'],
      ['072', 'その他の眼及び付属器の疾患'],
    ],
  ],
  [
    '08',
    '耳及び乳様突起の疾患',
    [
      ['081', '外耳疾患'],
      ['082', '中耳炎'],
      ['083', 'その他の中耳及び乳様突起の疾患'],
      ['084', '内耳疾患'],
      ['085', 'その他の耳疾患'],
    ],
  ],
  [
    '09',
    '循環器系の疾患',
    [
      ['091', '高血圧性疾患'],
      ['092', '虚血性心疾患'],
      ['093', 'その他の心疾患'],
      ['094', '脳梗塞'],
      ['095', 'その他の脳血管疾患'],
      ['096', 'その他の循環器系の疾患'],
    ],
  ],
  [
    '10',
    '呼吸器系の疾患',
    [
      ['101', '急性上気道感染症'],
      ['102', '肺炎'],
      ['103', '急性気管支炎及び急性細気管支炎'],
      ['104', '気管支炎及び慢性閉塞性肺疾患'],
      ['105', '喘息'],
      ['106', 'その他の呼吸器系の疾患'],
    ],
  ],
  [
    '11',
    '消化器系の疾患',
    [
      ['111', 'う蝕'],
      ['112', '歯肉炎及び歯周疾患'],
      ['113', 'その他の歯及び歯の支持組織の障害'],
      ['114', '胃潰瘍及び十二指腸潰瘍'],
      ['115', '胃炎及び十二指腸炎'],
      ['116', '肝疾患'],
      ['117', 'その他の消化器系の疾患'],
    ],
  ],
  ['12', '皮膚及び皮下組織の疾患', []],
  [
    '13',
    '筋骨格系及び結合組織の疾患',
    [
      // The master has no 132.
      ['131', '炎症性多発性関節障害'],
      ['133', '脊柱障害'],
      ['134', '骨の密度及び構造の障害'],
      ['135', 'その他の筋骨格系及び結合組織の疾患'],
    ],
  ],
  [
    '14',
    '腎尿路生殖器系の疾患',
    [
      ['141', '糸球体疾患，腎尿細管間質性疾患及び腎不全'],
      ['142', '乳房及び女性生殖器の疾患'],
      ['143', 'その他の腎尿路生殖器系の疾患'],
    ],
  ],
  [
    '15',
    '妊娠，分娩及び産じょく',
    [
      ['151', '流産'],
      ['152', '妊娠高血圧症候群'],
      ['153', '単胎自然分娩'],
      ['154', 'その他の妊娠，分娩及び産じょく'],
    ],
  ],
  ['16', '周産期に発生した病態', []],
  ['17', '先天奇形，変形及び染色体異常', []],
  ['18', '症状，徴候及び異常臨床所見・異常検査所見で他に分類されないもの', []],
  [
    '19',
    '損傷，中毒及びその他の外因の影響',
    [
      ['191', '骨折'],
      ['192', 'その他の損傷，中毒及びその他の外因の影響'],
    ],
  ],
  [
    '20',
    '健康状態に影響を及ぼす要因及び保健サービスの利用',
    [
      ['201', '正常妊娠・産じょくの管理'],
      ['202', 'その他の保健サービス'],
    ],
  ],
];

/**
 * Each scheme's classes, in the original's order. Broad code 00 (and, for diseases, a broad code followed
 * by 0) selects all classes and is not listed; the scheme without classes (total) has none.
 */
export const MEDICAL_CLASSES: Record<MedicalScheme, MedicalClassDecl[]> = {
  disease: DISEASES.map(([code, name, middles]) => ({
    code,
    name,
    middles: middles.map(([c, n]) => ({ code: c, name: n })),
  })),
  // Hospitals and clinics may have dental departments; the doctors' list is of physicians.
  department: flat([...DEPARTMENTS, ['40', '歯科'], ['41', '矯正歯科'], ['42', '小児歯科'], ['43', '歯科口腔外科']]),
  doctor: flat([...DEPARTMENTS, ['40', '臨床研修医'], ['41', '全科'], ['42', 'その他'], ['43', '不詳']]),
  bed: flat([
    ['01', '一般病床'],
    ['02', '精神病床'],
    ['03', '感染症病床'],
    ['04', '結核病床'],
    ['05', '療養病床'],
  ]),
  // 看護師・准看護師数（病院・診療所別）: 00 all, 01 hospitals, 02 clinics.
  nurse: flat([
    ['01', '病院'],
    ['02', '診療所'],
  ]),
  total: [],
};

/** What the masters call broad code 00, all classes (the documentation gives 207's no name). */
export const ALL_CLASSES_NAME: Partial<Record<MedicalScheme, string>> = {
  disease: 'すべての大分類',
  department: 'すべての診療科',
  doctor: 'すべての診療科',
  bed: 'すべての大分類',
};

/** What the disease master calls a broad code followed by 0: all middle classes of the broad category. */
export const ALL_MIDDLES_NAME = 'すべての中分類';
